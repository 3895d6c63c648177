import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from './constants.ts';
import { isUploadImageMime, isUploadSizeAllowed, needsCjkFont, uploadFailure, watermarkApplies, watermarkLatinText, watermarkOffered, watermarkText, UPLOAD_IMAGE_SIZES } from './uploads.ts';

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
