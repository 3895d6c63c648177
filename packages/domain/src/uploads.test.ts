import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from './constants.ts';
import { isUploadImageMime, isUploadSizeAllowed, needsCjkFont, uploadFailure, watermarkApplies, watermarkLatinText, watermarkOffered, watermarkText, UPLOAD_IMAGE_SIZES, GUEST_UPLOAD_KEEP_HOURS, GUEST_UPLOAD_MAX_BYTES, GUEST_UPLOADS_PER_FORM, isGuestUploadMime, isGuestUploadSizeAllowed, isGuestUploadStale } from './uploads.ts';
import { APPEAL_MAX_ATTACHMENTS } from './appeals.ts';

describe('uploads', () => {
  it('accepts png, jpeg, webp and gif, never svg or anything else', () => {
    for (const mime of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) expect(isUploadImageMime(mime)).toBe(true);
    for (const mime of ['image/svg+xml', 'text/html', 'application/javascript', 'image/tiff', '']) expect(isUploadImageMime(mime)).toBe(false);
  });

  it('allows up to exactly 4 MB and nothing empty', () => {
    expect(isUploadSizeAllowed(IMAGE_MAX_BYTES)).toBe(true);
    expect(isUploadSizeAllowed(IMAGE_MAX_BYTES + 1)).toBe(false);
    expect(isUploadSizeAllowed(0)).toBe(false);
  });

  it('watermarks only when the setting is open and the site is the mainland one', () => {
    expect(watermarkApplies(true, 'cn')).toBe(true);
    expect(watermarkApplies(true, 'hk')).toBe(false);
    expect(watermarkApplies(true, 'global')).toBe(false);
    expect(watermarkApplies(false, 'cn')).toBe(false);
    expect(['cn', 'hk', 'global'].map(watermarkOffered)).toEqual([true, false, false]);
    expect(watermarkText('小明')).toBe('灯笼 @小明');
  });

  it('makes sizes from largest to smallest', () => {
    expect(UPLOAD_IMAGE_SIZES.original).toBeGreaterThan(UPLOAD_IMAGE_SIZES.large);
    expect(UPLOAD_IMAGE_SIZES.large).toBeGreaterThan(UPLOAD_IMAGE_SIZES.thumb);
  });

  it('maps the store\'s answers to the failures of docs/product/errors.md, a known reason first', () => {
    expect(uploadFailure(400)).toBe('format_invalid');
    expect(uploadFailure(401)).toBe('credential_invalid');
    expect(uploadFailure(403)).toBe('format_invalid');
    expect(uploadFailure(413)).toBe('too_large');
    expect(uploadFailure(614)).toBeNull();
    expect(uploadFailure(579)).toBe('network_error');
    expect(uploadFailure(0)).toBe('network_error');
    expect(uploadFailure(500)).toBe('upload_failed');
    expect(uploadFailure(403, 'expired')).toBe('credential_expired');
    expect(uploadFailure(403, 'signature_invalid')).toBe('credential_invalid');
    expect(uploadFailure(429, 'rate_limit')).toBe('rate_limit');
  });
});

describe('the watermark without a CJK font', () => {
  it('falls back to Latin text: the nickname when plain ASCII, else the account number', () => {
    expect(watermarkLatinText('amy_01', 7)).toBe('Lantern @amy_01');
    expect(watermarkLatinText('小明', 7)).toBe('Lantern #7');
    expect(watermarkLatinText('café', 9)).toBe('Lantern #9');
  });

  it('knows which texts need a CJK font', () => {
    expect(needsCjkFont(watermarkText('amy'))).toBe(true);
    expect(needsCjkFont('Lantern @amy')).toBe(false);
    expect(needsCjkFont('Lantern @Renée')).toBe(false);
  });
});

describe('guest uploads (an appeal without a session)', () => {
  it('take photographs and screenshots only, never a GIF', () => {
    expect(isGuestUploadMime('image/png')).toBe(true);
    expect(isGuestUploadMime('image/jpeg')).toBe(true);
    expect(isGuestUploadMime('image/webp')).toBe(true);
    expect(isGuestUploadMime('image/gif')).toBe(false);
    expect(isGuestUploadMime('image/svg+xml')).toBe(false);
  });

  it('are at most 3 MB, less than an account may upload', () => {
    expect(isGuestUploadSizeAllowed(1)).toBe(true);
    expect(isGuestUploadSizeAllowed(GUEST_UPLOAD_MAX_BYTES)).toBe(true);
    expect(isGuestUploadSizeAllowed(GUEST_UPLOAD_MAX_BYTES + 1)).toBe(false);
    expect(isGuestUploadSizeAllowed(0)).toBe(false);
    expect(GUEST_UPLOAD_MAX_BYTES).toBeLessThan(IMAGE_MAX_BYTES);
  });

  it('leave room to replace a picture but not to store an album', () => {
    expect(GUEST_UPLOADS_PER_FORM).toBe(2 * APPEAL_MAX_ATTACHMENTS);
  });

  it('are stale a day after upload, not a moment before', () => {
    const at = Date.UTC(2026, 0, 1);
    expect(isGuestUploadStale(at, at + GUEST_UPLOAD_KEEP_HOURS * 3_600_000 - 1)).toBe(false);
    expect(isGuestUploadStale(at, at + GUEST_UPLOAD_KEEP_HOURS * 3_600_000)).toBe(true);
  });
});
