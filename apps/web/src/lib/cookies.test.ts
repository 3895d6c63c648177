import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES } from '@lantern/contract';
import { readCookie } from './cookies';

afterEach(() => vi.restoreAllMocks());
const jar = (cookies: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookies);

describe('readCookie', () => {
  it('reads the production name (__Host- prefix) first, so a bare cookie planted beside it is not echoed', () => {
    jar('lantern_csrf=planted; __Host-lantern_csrf=real%3D');
    expect(readCookie(COOKIES.csrf)).toBe('real=');
  });

  it('reads the bare name in development, and null when neither is there', () => {
    jar('other=1; lantern_csrf=dev-token');
    expect(readCookie(COOKIES.csrf)).toBe('dev-token');
    jar('other=1');
    expect(readCookie(COOKIES.csrf)).toBeNull();
  });
});
