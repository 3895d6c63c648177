import type { TFunction } from 'i18next';
import { COOKIES, CSRF_HEADER, UPLOADS_API, type UploadResult, type UploadToken } from '@lantern/contract';
import { IMAGE_MAX_BYTES, UPLOAD_IMAGE_MIMES, uploadFailure, type UploadFailure } from '@lantern/domain';
import { request } from './api';
import { readCookie } from './cookies';

/**
 * Image uploads (docs/product/engagement.md#uploads): get an upload token, post the image form to the
 * storage host with progress, answer the URLs the editor inserts. Failures become an `UploadError` whose
 * `failure` is one of docs/product/errors.md's messages (`uploads.errors.<failure>` in both languages).
 */

export type UploadPurpose = 'post' | 'review' | 'comment' | 'feedback' | 'avatar' | 'background';

/** What the file picker offers; the store judges the content again and refuses anything else. */
export const UPLOAD_ACCEPT = UPLOAD_IMAGE_MIMES.join(',');

export class UploadError extends Error {
  readonly failure: UploadFailure;
  readonly status: number;
  constructor(failure: UploadFailure, status: number) {
    super(`upload failed: ${failure} (${status})`);
    this.name = 'UploadError';
    this.failure = failure;
    this.status = status;
  }
}

/** GET /api/cloud_storages/new: a signed policy for the signed-in account (a guest's 401 opens the sign-in popup). */
export function getUploadToken(purpose: UploadPurpose = 'post'): Promise<UploadToken> {
  return request<UploadToken>(UPLOADS_API.cloudStoragesNew, { query: { for: purpose } });
}

/**
 * Where the form goes. The web is always served by the store itself, whose `/uploads` is the storage
 * host: a token naming another origin for it (the configured public address while the page was opened
 * on another, as in development) is posted to this origin's path instead, which the page's policy allows.
 */
export function uploadTarget(host: string, origin: string = window.location.origin): string {
  try {
    const url = new URL(host, origin);
    return url.origin === origin ? url.pathname : UPLOADS_API.uploads;
  } catch {
    return UPLOADS_API.uploads;
  }
}

/** The form a cloud store's form upload wants: the token's fields first, the file last. */
export function uploadForm(token: UploadToken, file: Blob, fileName = 'image'): FormData {
  const form = new FormData();
  form.append('policy', token.policy);
  form.append('signature', token.signature);
  form.append('accessid', token.accessid);
  form.append('account_id', String(token.account_id));
  form.append('key', `${token.dir}${fileName.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64) || 'image'}`);
  form.append('file', file, fileName);
  return form;
}

export interface UploadOptions {
  purpose?: UploadPurpose;
  /** 0–1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests give their own request object. */
  createXhr?: () => XMLHttpRequest;
  /** Tests give their own token call. */
  fetchToken?: (purpose: UploadPurpose) => Promise<UploadToken>;
}

function reasonOf(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('errors' in body)) return null;
  const errors = (body as { errors?: Record<string, unknown> }).errors ?? {};
  for (const list of Object.values(errors)) if (Array.isArray(list) && typeof list[0] === 'string') return list[0];
  return null;
}

/** Posts the form with XMLHttpRequest (fetch reports no upload progress). */
export function postUpload(target: string, form: FormData, options: Pick<UploadOptions, 'onProgress' | 'signal' | 'createXhr'> = {}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = options.createXhr?.() ?? new XMLHttpRequest();
    xhr.open('POST', `${target}?client=web&version=1`);
    xhr.setRequestHeader('Accept', 'application/json');
    // Signed-in pages carry the session cookie: a cookie-authenticated write echoes the CSRF cookie.
    const csrf = readCookie(COOKIES.csrf);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        options.onProgress?.(1);
        resolve(body as UploadResult);
        return;
      }
      const failure = uploadFailure(xhr.status, reasonOf(body));
      reject(new UploadError(failure ?? 'upload_failed', xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network_error', 0));
    xhr.ontimeout = () => reject(new UploadError('network_error', 0));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * Uploads one image: refuses one over 4 MB before sending it (the store would answer 413 after the whole
 * upload), gets a token, posts the form. Answers the URL to insert and every size.
 */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  if (file.size > IMAGE_MAX_BYTES) throw new UploadError('too_large', 413);
  const token = await (options.fetchToken ?? getUploadToken)(options.purpose ?? 'post');
  return postUpload(uploadTarget(token.host), uploadForm(token, file, file.name), options);
}

/** The message for a failed upload in the page's language; an API error of the token call reads as its own reason. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (error instanceof UploadError) return t(`uploads.errors.${error.failure}`);
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return t(`uploads.errors.${uploadFailure(status) ?? 'upload_failed'}`);
  return t('uploads.errors.upload_failed');
}
