import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { KeyValueStore } from './kv.ts';
import { safeEqual } from './crypto.ts';

export const CAPTCHA_TTL_SECONDS = 300;

/** Image captchas: the answer lives in the key-value store, is case-insensitive and can be used once. */
export class CaptchaService {
  constructor(private readonly kv: KeyValueStore) {}

  async issue(): Promise<{ captcha_id: string; svg: string; expires_in: number }> {
    const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f4f4f5' });
    const id = randomUUID();
    await this.kv.set(`captcha:${id}`, text.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return { captcha_id: id, svg: data, expires_in: CAPTCHA_TTL_SECONDS };
  }

  /** True when the answer matches; the captcha is spent either way, so it cannot be guessed at. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const expected = await this.kv.take(`captcha:${id}`);
    return expected !== null && safeEqual(expected, answer.trim().toLowerCase());
  }

  /** The answer without spending it: only for the development surface used by tests. */
  async peek(id: string): Promise<string | null> {
    return this.kv.get(`captcha:${id}`);
  }
}
