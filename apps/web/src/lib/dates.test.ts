import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, isoDateTime } from './dates';

// 12 March 2026, 06:05 on the reader's clock (the machine's zone, as in the browser).
const at = new Date(2026, 2, 12, 6, 5).getTime() / 1000;

describe('the one date formatter', () => {
  it('writes a day, a day and time and a month in each page language', () => {
    expect([formatDate(at, 'en'), formatDateTime(at, 'en'), formatMonth(at, 'en')]).toEqual(['Mar 12, 2026', 'Mar 12, 2026, 06:05', 'March 2026']);
    expect([formatDate(at, 'zh-CN'), formatDateTime(at, 'zh-CN'), formatMonth(at, 'zh-CN')]).toEqual(['2026年3月12日', '2026年3月12日 06:05', '2026年3月']);
  });

  it('writes any other language as the mainland Chinese, never the browser\'s own format', () => {
    expect(formatDate(at, 'en-US')).toBe('2026年3月12日');
    expect(formatDateTime(at, '')).toBe('2026年3月12日 06:05');
  });

  it('uses a 24-hour clock in English too', () => {
    expect(formatDateTime(at + 12 * 3600, 'en')).toBe('Mar 12, 2026, 18:05');
  });

  it('gives <time> its machine-readable form', () => {
    expect(isoDateTime(Date.UTC(2026, 2, 12, 6, 5) / 1000)).toBe('2026-03-12T06:05:00.000Z');
  });
});

describe('every date the web shows', () => {
  it('is written by lib/dates.ts: no page formats a date by itself', () => {
    const src = join(__dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(join('lib', 'dates.ts')));
    const own = /Intl\.DateTimeFormat|toLocale(?:Date|Time)String|new Date\([^)]*\)\.toLocaleString|dateStyle|timeStyle/;
    expect(files.filter((f) => own.test(readFileSync(join(src, f), 'utf8')))).toEqual([]);
  });
});
