import { randomBytes } from 'node:crypto';

/**
 * A multipart form as a browser posts it to the storage host (POST /uploads): the upload token's fields first,
 * then the file — a PNG named `image.png` unless the test names and types it otherwise.
 */
export function uploadForm(fields: Record<string, string>, file: Buffer | { name: string; type: string; body: Buffer }) {
  const { name, type, body } = Buffer.isBuffer(file) ? { name: 'image.png', type: 'image/png', body: file } : file;
  const boundary = `----lantern${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`), body, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
