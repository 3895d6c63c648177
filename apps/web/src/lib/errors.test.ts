import { REASON_CODES, IDENTIFICATION_REASONS } from '@lantern/domain';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { allTexts } from '../i18n/usage';
import { ApiError } from './api';
import { errorToText, localizeErrors } from './errors';

function flatten(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** Every bundle of each language together (each bundle's own key sets: app/textBundles.test.ts). */
const en = allTexts('en') as Record<string, Record<string, unknown>>;
const zh = allTexts('zh-CN') as Record<string, Record<string, unknown>>;

describe('resource files', () => {
  it('en and zh-CN have identical key sets and no empty texts', () => {
    const a = flatten(en).sort();
    const b = flatten(zh).sort();
    expect(b).toEqual(a);
    for (const lang of [en, zh]) {
      for (const k of flatten(lang)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang)).not.toBe('');
    }
  });

  it('every server reason code has text in both languages', () => {
    for (const code of [...REASON_CODES, 'in_protection']) {
      expect((en.errors as Record<string, string>)[code], `en errors.${code}`).toBeTruthy();
      expect((zh.errors as Record<string, string>)[code], `zh errors.${code}`).toBeTruthy();
    }
  });

  it('every identification rejection has its own text', () => {
    for (const r of IDENTIFICATION_REASONS) {
      expect((en.identification as Record<string, string>)[`reason_${r.field}_${r.reason}`], r.key).toBeTruthy();
    }
  });

  it('every literal key the source uses exists', () => {
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f) && !/\.test\./.test(f)) files.push(p);
      }
    };
    walk(join(__dirname, '..'));
    const keys = new Set(flatten(en));
    const missing: string[] = [];
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/(?:\bt\(|i18nKey=)['"]([a-z_]+\.[a-zA-Z0-9_.]+)['"]/g)) if (!keys.has(m[1]!) && !keys.has(`${m[1]!}_other`)) missing.push(`${f}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('error → text', () => {
  const t = i18next.t.bind(i18next);
  afterAll(() => i18next.changeLanguage('en'));

  it('maps field reasons to messages under the fields the form shows, the rest to general lines with the field name', async () => {
    await i18next.changeLanguage('en');
    const e = new ApiError(422, { email: ['taken'], nickname: ['unsafe'], base: ['rate_limit'] });
    const l = localizeErrors(t, e, ['email']);
    expect(l.fields).toEqual({ email: 'Is already taken' });
    expect(l.general).toContain('Too many requests. Please wait a moment.');
    expect(l.general).toContain('Nickname: Use 1–20 characters (Chinese characters count as 2)');
  });

  it('speaks the current language', async () => {
    await i18next.changeLanguage('zh-CN');
    expect(localizeErrors(t, new ApiError(422, { email: ['taken'] }), ['email']).fields.email).toBe('已被占用');
    expect(errorToText(t, new ApiError(400, { base: ['greater_than'] }))).toBe('今天已经签到过了');
    await i18next.changeLanguage('en');
    expect(errorToText(t, new ApiError(400, { base: ['greater_than'] }))).toBe('You have been checked in today');
  });

  it('adds the remaining identification attempts from meta', async () => {
    await i18next.changeLanguage('en');
    const e = new ApiError(422, { base: ['failed'] }, { daily_remaining: 2, total_remaining: 17 });
    expect(errorToText(t, e)).toBe('Failed (2 attempts left today, 17 in total)');
    await i18next.changeLanguage('zh-CN');
    expect(errorToText(t, e)).toBe('操作失败 （今日还可尝试 2 次，共剩 17 次）');
  });

  it('uses a field-specific text when one exists and a safe fallback for unknown reasons', async () => {
    await i18next.changeLanguage('en');
    expect(localizeErrors(t, new ApiError(422, { code: ['invalid'] }), ['code']).fields.code).toBe('The code is wrong or has expired');
    expect(errorToText(t, new ApiError(422, { base: ['brand_new_reason'] }))).toBe('Something went wrong brand_new_reason');
  });

  it('explains bare statuses and non-API errors', async () => {
    await i18next.changeLanguage('en');
    expect(errorToText(t, new ApiError(0, { base: ['network'] }))).toBe('Network error. Check your connection.');
    expect(errorToText(t, new ApiError(503, {}))).toBe('Server error. Please try again later.');
    expect(errorToText(t, new Error('boom'))).toBe('Something went wrong ');
  });
});
