import { describe, expect, it } from 'vitest';
import { isSameOriginPath, safeReturnPath, SITE_PATH_MAX_LENGTH } from './site-paths.ts';

describe('same-origin paths', () => {
  it('keep ordinary paths of this site, with their queries, fragments and encoded words', () => {
    for (const path of [
      '/', '/setting/linked_accounts', '/community/posts/12?tab=comments#c-3', '/search?q=%E5%8E%9F%E7%A5%9E', '/search?q=hello%20world',
      '/messages?tab=broadcasts', '/games/12/..//x', '/redirect?next=https%3A%2F%2Fexample.com',
    ]) {
      expect(isSameOriginPath(path), path).toBe(true);
    }
  });

  it('refuse other hosts, schemes and host-relative spellings', () => {
    for (const path of [
      '//evil.example', '//evil.example/x', '///evil.example', '/\\evil.example', '\\\\evil.example', '/\\/evil.example',
      'https://evil.example', 'http://evil.example/x', 'HTTPS://evil.example', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'evil.example', 'x/y', '', ' /path', '%2F%2Fevil.example',
    ]) {
      expect(isSameOriginPath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it('refuse tabs, line breaks and other controls, which browsers strip into `//host`', () => {
    for (const path of [
      '/\t/evil.example/x', '/\n/evil.example', '/\r/evil.example', '/\r\n/evil.example', '/\u0000/evil.example', '/\u007f/evil.example',
      '/\u0085/evil.example', '/\u2028/evil.example', '/path\nSet-Cookie: a=b', '/ /evil.example', '/\u00a0/evil.example', '/\u3000x',
    ]) {
      expect(isSameOriginPath(path), JSON.stringify(path)).toBe(false);
    }
  });

  it('refuse the same tricks percent-encoded, once or several times', () => {
    for (const path of [
      '/%09/evil.example/x', '/%0a/evil.example', '/%0D/evil.example', '/%0d%0a/evil.example', '/%00/evil.example', '/%7f/x',
      '/%5Cevil.example', '/%5cevil.example', '/%2F/evil.example', '/%2f%2fevil.example', '/%252F/evil.example', '/%2509/evil.example',
      '/%25252F/evil.example', '/%E2%80%A8/evil.example', '/%C2%85/evil', '/x%5C..%5C..%5Cevil',
    ]) {
      expect(isSameOriginPath(path), path).toBe(false);
    }
  });

  it('refuse broken escapes, values that are not text and paths past the limit', () => {
    expect(isSameOriginPath('/100%')).toBe(false);
    expect(isSameOriginPath('/%E4')).toBe(false);
    expect(isSameOriginPath(undefined)).toBe(false);
    expect(isSameOriginPath(null)).toBe(false);
    expect(isSameOriginPath(42)).toBe(false);
    expect(isSameOriginPath(['/x'])).toBe(false);
    expect(isSameOriginPath(`/${'a'.repeat(SITE_PATH_MAX_LENGTH - 1)}`)).toBe(true);
    expect(isSameOriginPath(`/${'a'.repeat(SITE_PATH_MAX_LENGTH)}`)).toBe(false);
  });

  it('give the fallback for anything refused as a way back', () => {
    expect(safeReturnPath('/setting/linked_accounts', '/')).toBe('/setting/linked_accounts');
    expect(safeReturnPath('/%09/evil.example/x', '/')).toBe('/');
    expect(safeReturnPath('/\t/evil.example/x', '/home')).toBe('/home');
    expect(safeReturnPath('https://evil.example', '/')).toBe('/');
    expect(safeReturnPath(undefined, '/home')).toBe('/home');
    expect(safeReturnPath(null, '/home')).toBe('/home');
  });
});
