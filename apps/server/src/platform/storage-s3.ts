import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../config.ts';
import { assertKey, localUrl, type ObjectStorage, type StoredObject } from './storage.ts';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Alibaba OSS, R2…) through the official SDK. Objects are written
 * with their type and a year's immutable cache (a key never changes content); without a public base they
 * are streamed back by this server at /uploads/{key}, with the same headers as local files.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  readonly publicBases: readonly string[];
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase?: string;

  /** `clientOptions` lets tests give the SDK a request handler of their own instead of the network. */
  constructor(settings: S3Settings, clientOptions: Partial<S3ClientConfig> = {}) {
    this.bucket = settings.bucket;
    this.publicBase = settings.publicUrl;
    this.publicBases = settings.publicUrl ? [settings.publicUrl] : [];
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint }),
      ...(settings.credentials && { credentials: settings.credentials }),
      forcePathStyle: settings.forcePathStyle,
      ...clientOptions,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    await this.client.send(new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.length,
      CacheControl: 'public, max-age=31536000, immutable',
    }));
  }

  async get(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return null;
      return { body: out.Body as Readable, bytes: out.ContentLength, contentType: out.ContentType };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertKey(key);
    return this.publicBase ? `${this.publicBase}/${key}` : localUrl(key);
  }

  destroy() {
    this.client.destroy();
  }
}
