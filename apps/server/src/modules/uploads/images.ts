import sharp, { type Metadata, type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  isUploadImageMime, needsCjkFont, UPLOAD_IMAGE_EXTENSIONS, UPLOAD_IMAGE_SIZES, UPLOAD_MAX_PIXELS, UPLOAD_SIZE_NAMES, watermarkText,
  type UploadImageMime, type UploadSizeName,
} from '@lantern/domain';
import { AppError } from '../../platform/errors.ts';

/**
 * What an uploaded file is, judged by its bytes (docs/product/engagement.md#uploads): an accepted image
 * kind, a refused image kind (SVG can carry script; TIFF, BMP, ICO, HEIC… are not offered) or not an image.
 * The name and the type the browser claimed are never believed.
 */
export async function sniffImage(bytes: Buffer): Promise<UploadImageMime> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && isUploadImageMime(detected.mime)) return detected.mime;
  // 403 "file format error" (docs/product/errors.md): an image, but of a kind refused here.
  if (detected?.mime.startsWith('image/') || looksLikeSvg(bytes)) throw new AppError(403, { file: ['format_invalid'] });
  // 400 "format error": not an image at all (a script, a page, an archive…).
  throw new AppError(400, { file: ['format_invalid'] });
}

/** SVG is text: file-type does not name it, so look for its root element near the start. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

export interface ImageVariant {
  name: UploadSizeName;
  body: Buffer;
  width: number;
  height: number;
  mime: UploadImageMime;
  ext: string;
}

/**
 * Decodes the image and makes every size of it: re-encoded from pixels (so nothing but the picture
 * survives: EXIF and its GPS position, XMP, ICC comments, trailing bytes of a polyglot file), turned upright
 * by its orientation first, the longest side capped per size, never enlarged. The watermark, when given, is
 * drawn on each size at its bottom right. Animated GIF and WebP keep their frames.
 */
export async function makeVariants(bytes: Buffer, mime: UploadImageMime, watermark: WatermarkLine | null): Promise<ImageVariant[]> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const open = () => sharp(bytes, { animated, limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    // Claims to be an image by its first bytes but does not decode: a format error, not a server error.
    throw new AppError(400, { file: ['format_invalid'] });
  }
  if (!meta.width || !meta.height) throw new AppError(400, { file: ['format_invalid'] });
  const frames = (meta.pages ?? 1) > 1;
  // Orientation 5–8 swap width and height once the picture is turned upright.
  const swapped = !frames && (meta.orientation ?? 1) >= 5;
  const pageHeight = frames ? (meta.pageHeight ?? meta.height) : meta.height;
  const [width, height] = swapped ? [pageHeight, meta.width] : [meta.width, pageHeight];
  if (width * height * (meta.pages ?? 1) > UPLOAD_MAX_PIXELS) throw new AppError(400, { file: ['format_invalid'] });

  const variants: ImageVariant[] = [];
  for (const name of UPLOAD_SIZE_NAMES) {
    const cap = UPLOAD_IMAGE_SIZES[name];
    const scale = Math.min(1, cap / Math.max(width, height));
    const target = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    let pipeline = open();
    if (!frames) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({ width: cap, height: cap, fit: 'inside', withoutEnlargement: true });
    const mark = watermark ? watermarkSvg(watermark.text, target.width, target.height, watermark.font) : null;
    if (mark) pipeline = pipeline.composite([{ input: mark, gravity: 'southeast' }]);
    const encoded = await encode(pipeline, mime).toBuffer({ resolveWithObject: true }).catch(() => {
      // The header read, the pixels did not (a truncated or corrupt file): the file's fault, not the server's.
      throw new AppError(400, { file: ['format_invalid'] });
    });
    variants.push({
      name,
      body: encoded.data,
      width: encoded.info.width,
      height: frames ? (encoded.info.pageHeight ?? encoded.info.height) : encoded.info.height,
      mime,
      ext: UPLOAD_IMAGE_EXTENSIONS[mime],
    });
  }
  return variants;
}

/** The same kind as uploaded, without any metadata (sharp keeps none unless asked). */
function encode(pipeline: Sharp, mime: UploadImageMime): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'image/png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'image/webp':
      return pipeline.webp({ quality: 82 });
    case 'image/gif':
      return pipeline.gif();
  }
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the watermark draws, and the CJK family to draw it with (null: Latin fonts only). */
export interface WatermarkLine {
  text: string;
  font: string | null;
}

/**
 * The line to draw: the Chinese text with the CJK family when there is one, else the Latin text (Chinese
 * without a CJK font would draw as empty boxes; decisions/0020).
 */
export function watermarkLine(text: string, latin: string, cjkFont: string | null): WatermarkLine {
  if (!needsCjkFont(text)) return { text, font: cjkFont };
  return cjkFont ? { text, font: cjkFont } : { text: latin, font: null };
}

/**
 * The watermark as SVG, sized to the picture and a little inside it (rounding of the resize may differ by
 * a pixel). None on pictures too small to read it. The nickname is escaped: it is the user's own text.
 */
export function watermarkSvg(text: string, imageWidth: number, imageHeight: number, cjkFont: string | null = null): Buffer | null {
  const fontSize = Math.max(12, Math.round(Math.min(imageWidth, imageHeight) / 22));
  // Wide characters take about a font size, narrow ones about half.
  const estimated = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0xff ? 1 : 0.6), 0) * fontSize + fontSize;
  const width = Math.min(Math.ceil(estimated), imageWidth - 2);
  const height = Math.min(Math.ceil(fontSize * 1.6), imageHeight - 2);
  if (width < 48 || height < 14) return null;
  const x = width - Math.round(fontSize / 2);
  const y = Math.round(height * 0.72);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`
    + `<text x="${x}" y="${y}" text-anchor="end" font-size="${fontSize}" font-family="${escapeXml(cjkFont ? `${cjkFont}, DejaVu Sans, sans-serif` : 'DejaVu Sans, Liberation Sans, sans-serif')}" `
    + `fill="#ffffff" fill-opacity="0.9" stroke="#000000" stroke-opacity="0.5" stroke-width="${Math.max(1.5, fontSize / 8).toFixed(1)}" stroke-linejoin="round" paint-order="stroke">`
    + `${escapeXml(text)}</text></svg>`,
  );
}

export { watermarkText };
