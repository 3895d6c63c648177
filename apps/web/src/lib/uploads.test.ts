import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadResult, UploadToken } from '@lantern/contract';
import { IMAGE_MAX_BYTES } from '@lantern/domain';
import { i18next } from '../i18n';
import { UploadError, uploadErrorText, uploadForm, uploadImage, uploadTarget } from './uploads';

const token: UploadToken = {
  host: 'http://localhost:3000/uploads', dir: 'u/7/post/', callback: 'e30=', accessid: 'lantern-uploads-v1', policy: 'cG9saWN5',
  signature: 'sig', account_id: 7, timestamp: 1_900_000_000, security_token: null, bucket_name: 'local',
};
const result = { id: 1, key: 'u/7/post/abc', url: '/uploads/u/7/post/abc/original.png', sizes: [] } as unknown as UploadResult;

/** An XMLHttpRequest stand-in that answers as the store would, reporting progress first. */
function fakeXhr(status: number, body: unknown, opts: { networkError?: boolean } = {}) {
  const sent: { url?: string; headers: Record<string, string>; form?: FormData } = { headers: {} };
  const xhr = {
    status: 0,
    responseText: '',
    upload: { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null },
    onload: null as (() => void) | null,
    onerror: null as (() => void) | null,
    ontimeout: null as (() => void) | null,
    open: (_method: string, url: string) => { sent.url = url; },
    setRequestHeader: (name: string, value: string) => { sent.headers[name] = value; },
    abort: vi.fn(),
    send(form: FormData) {
      sent.form = form;
      queueMicrotask(() => {
        if (opts.networkError) return xhr.onerror?.();
        xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        xhr.status = status;
        xhr.responseText = typeof body === 'string' ? body : JSON.stringify(body);
        xhr.onload?.();
      });
    },
  };
  return { sent, createXhr: () => xhr as unknown as XMLHttpRequest };
}

const file = (bytes = 10, name = 'cat.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

beforeAll(() => i18next.changeLanguage('en'));
afterAll(() => i18next.changeLanguage('en'));

describe('uploads', () => {
  it('posts to this origin\'s storage host, the token\'s fields before the file', async () => {
    expect(uploadTarget('http://localhost:3000/uploads', 'http://localhost:3000')).toBe('/uploads');
    expect(uploadTarget('http://localhost:3000/uploads', 'http://127.0.0.1:3000')).toBe('/uploads');
    const form = uploadForm(token, file(), 'my cat.png');
    expect([...form.keys()]).toEqual(['policy', 'signature', 'accessid', 'account_id', 'key', 'file']);
    expect(form.get('key')).toBe('u/7/post/my_cat.png');
  });

  it('gets a token, posts the form, reports progress and answers the stored image', async () => {
    const xhr = fakeXhr(201, result);
    const progress: number[] = [];
    const fetchToken = vi.fn(async () => token);
    const out = await uploadImage(file(), { purpose: 'review', fetchToken, createXhr: xhr.createXhr, onProgress: (f) => progress.push(f) });
    expect(out.url).toBe(result.url);
    expect(fetchToken).toHaveBeenCalledWith('review');
    expect(xhr.sent.url).toBe('/uploads?client=web&version=1');
    expect(xhr.sent.form?.get('policy')).toBe(token.policy);
    expect(progress).toEqual([0.5, 1]);
  });

  it('refuses an image over 4 MB before sending anything', async () => {
    const fetchToken = vi.fn(async () => token);
    await expect(uploadImage(file(IMAGE_MAX_BYTES + 1), { fetchToken })).rejects.toMatchObject({ failure: 'too_large' });
    expect(fetchToken).not.toHaveBeenCalled();
  });

  it('maps the store\'s answers to docs/product/errors.md\'s messages in both languages', async () => {
    const cases: [number, unknown, string][] = [
      [400, { errors: { file: ['format_invalid'] } }, 'format_invalid'],
      [403, { errors: { file: ['format_invalid'] } }, 'format_invalid'],
      [403, { errors: { policy: ['expired'] } }, 'credential_expired'],
      [403, { errors: { policy: ['signature_invalid'] } }, 'credential_invalid'],
      [401, { errors: { policy: ['unauthorized'] } }, 'credential_invalid'],
      [413, { errors: { file: ['too_large'] } }, 'too_large'],
      [429, { errors: { base: ['rate_limit'] } }, 'rate_limit'],
      [502, '<html>bad gateway</html>', 'upload_failed'],
    ];
    for (const [status, body, failure] of cases) {
      const xhr = fakeXhr(status, body);
      const error = await uploadImage(file(), { fetchToken: async () => token, createXhr: xhr.createXhr }).catch((e: unknown) => e);
      expect(error, `${status}`).toBeInstanceOf(UploadError);
      expect((error as UploadError).failure, `${status}`).toBe(failure);
    }
    const offline = await uploadImage(file(), { fetchToken: async () => token, createXhr: fakeXhr(0, null, { networkError: true }).createXhr }).catch((e: unknown) => e);
    expect((offline as UploadError).failure).toBe('network_error');

    const t = i18next.t.bind(i18next);
    expect(uploadErrorText(t, new UploadError('too_large', 413))).toBe('The image is over 4 MB');
    await i18next.changeLanguage('zh-CN');
    expect(uploadErrorText(t, new UploadError('too_large', 413))).toBe('图片超过 4M');
    expect(uploadErrorText(t, new UploadError('format_invalid', 400))).toContain('格式错误');
    expect(uploadErrorText(t, { status: 401 })).toBe('上传凭证无效，请重试');
    await i18next.changeLanguage('en');
  });
});
