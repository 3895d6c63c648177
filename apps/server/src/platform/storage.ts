import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

/**
 * Object storage for uploaded files (decisions/0014): put, read as a stream, delete, and the public URL of a
 * key. Local disk by default; an S3-compatible bucket by configuration (STORAGE=s3). Keys are made by the
 * server, never taken from a client, and checked here again so no key can leave the store's folder.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /**
   * The URL a page links to: objects this server serves itself are at `/uploads/{key}` on either site
   * (root-relative, so a page of either site shows them as its own); a bucket with a public base (a CDN) is
   * linked there directly.
   */
  publicUrl(key: string): string;
  /** The public bases this store's URLs start with, besides the sites' own `/uploads/` (for recognising them). */
  readonly publicBases: readonly string[];
}

export interface StoredObject {
  body: Readable;
  bytes?: number;
  contentType?: string;
}

/** Lower-case letters, digits, `_`, `-` and `.` in `/`-separated segments; no empty, `.` or `..` segment. */
const KEY_PATTERN = /^(?:[a-z0-9_-][a-z0-9_.-]*\/)*[a-z0-9_-][a-z0-9_.-]*$/;
export const isStorageKey = (key: string) => key.length <= 512 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s === '.' || s === '..');

export function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The path of uploads this server answers (GET /uploads/{key}). */
export const localUrl = (key: string) => `/uploads/${key}`;

/** Files under one folder. Writes go to a temporary name first and are renamed, so a reader never sees half a file. */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local';
  readonly publicBases: readonly string[] = [];
  private readonly root: string;
  constructor(dir: string) {
    this.root = resolve(dir);
  }

  private pathOf(key: string): string {
    assertKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the store: ${key}`);
    return path;
  }

  // The type is not kept: it follows from the key's extension when served.
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.part`);
    await writeFile(temporary, body, { flag: 'wx' });
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), bytes: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertKey(key);
    return localUrl(key);
  }
}
