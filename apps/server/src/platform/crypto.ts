import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token: 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is the right hash for looking them up (no salt needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A numeric code of `length` digits from a CSPRNG. */
export function newNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Keyed hashing and authenticated encryption with keys derived from the app secret. */
export class Secrets {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;
  constructor(appSecret: string) {
    this.encKey = createHash('sha256').update(`enc:${appSecret}`).digest();
    this.macKey = createHash('sha256').update(`mac:${appSecret}`).digest();
  }
  /** Deterministic keyed hash: equal inputs give equal outputs (for uniqueness) but cannot be reversed. */
  hmac(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('base64url');
  }
  /** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }
  decrypt(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) throw new Error('malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
