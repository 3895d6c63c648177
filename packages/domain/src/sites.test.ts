import { describe, expect, it } from 'vitest';
import {
  API_VERSIONS,
  CLIENTS,
  KNOWN_REGIONS,
  LANGUAGES,
  SITES,
  areaOfRegion,
  isArea,
  isClient,
  isKnownRegion,
  isLanguage,
  parseAcceptVersion,
  resolveLanguage,
  resolveRegion,
} from './sites.ts';

describe('sites', () => {
  it('describes the mainland and the international site', () => {
    expect(SITES.native).toEqual({
      area: 'native',
      currency: 'CNY',
      language: 'zh-CN',
      timeZone: 'Asia/Shanghai',
      regionDefault: 'cn',
      name: '灯笼游戏',
    });
    expect(SITES.abroad).toEqual({
      area: 'abroad',
      currency: 'USD',
      language: 'en',
      timeZone: 'UTC',
      regionDefault: 'global',
      name: 'Lantern',
    });
  });

  it('lists cn and hk as native regions and every site default as known', () => {
    expect(KNOWN_REGIONS).toEqual(expect.arrayContaining(['cn', 'hk']));
    expect(isKnownRegion(SITES.native.regionDefault)).toBe(true);
    expect(isKnownRegion(SITES.abroad.regionDefault)).toBe(true);
    expect(isKnownRegion('us')).toBe(false);
    expect(isKnownRegion(3)).toBe(false);
  });

  it('keeps known regions, normalising case and spaces', () => {
    expect(resolveRegion('cn')).toBe('cn');
    expect(resolveRegion('hk')).toBe('hk');
    expect(resolveRegion(' HK ')).toBe('hk');
    expect(resolveRegion('global')).toBe('global');
  });

  it('treats unknown or blank regions as cn', () => {
    expect(resolveRegion('mars')).toBe('cn');
    expect(resolveRegion('')).toBe('cn');
    expect(resolveRegion('   ')).toBe('cn');
    expect(resolveRegion(null)).toBe('cn');
    expect(resolveRegion(undefined)).toBe('cn');
  });

  it('maps regions to areas', () => {
    expect(areaOfRegion('cn')).toBe('native');
    expect(areaOfRegion('hk')).toBe('native');
    expect(areaOfRegion('global')).toBe('abroad');
    expect(areaOfRegion('unknown')).toBe('native');
  });

  it('recognises areas, languages and clients', () => {
    expect(isArea('native')).toBe(true);
    expect(isArea('abroad')).toBe(true);
    expect(isArea('cn')).toBe(false);
    expect(LANGUAGES).toEqual(['zh-CN', 'en']);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(CLIENTS).toEqual(['web', 'pc', 'promotion']);
    expect(isClient('pc')).toBe(true);
    expect(isClient('app')).toBe(false);
  });

  it('resolves language tags to a translated language', () => {
    expect(resolveLanguage('zh', 'en')).toBe('zh-CN');
    expect(resolveLanguage('zh-Hans-CN', 'en')).toBe('zh-CN');
    expect(resolveLanguage('zh_TW', 'en')).toBe('zh-CN');
    expect(resolveLanguage('en-GB', 'zh-CN')).toBe('en');
    expect(resolveLanguage('EN', 'zh-CN')).toBe('en');
    expect(resolveLanguage('fr', 'zh-CN')).toBe('zh-CN');
    expect(resolveLanguage(null, 'en')).toBe('en');
  });

  describe('parseAcceptVersion', () => {
    it('accepts v1 to v8', () => {
      expect(API_VERSIONS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const v of API_VERSIONS) expect(parseAcceptVersion(`application/vnd.lantern.v${v}+json`)).toBe(v);
    });

    it('rejects versions outside 1..8 and malformed numbers', () => {
      expect(parseAcceptVersion('application/vnd.lantern.v0+json')).toBeNull();
      expect(parseAcceptVersion('application/vnd.lantern.v9+json')).toBeNull();
      expect(parseAcceptVersion('application/vnd.lantern.v01+json')).toBeNull();
      expect(parseAcceptVersion('application/vnd.lantern.vx+json')).toBeNull();
      expect(parseAcceptVersion('application/vnd.other.v7+json')).toBeNull();
    });

    it('returns null without a vendor type', () => {
      expect(parseAcceptVersion(undefined)).toBeNull();
      expect(parseAcceptVersion(null)).toBeNull();
      expect(parseAcceptVersion('')).toBeNull();
      expect(parseAcceptVersion('application/json, */*')).toBeNull();
    });

    it('finds the vendor type in a list with parameters, case-insensitively', () => {
      expect(parseAcceptVersion('application/json;q=0.9, Application/VND.Lantern.V7+JSON; charset=utf-8')).toBe(7);
      expect(parseAcceptVersion('application/vnd.lantern.v12+json, application/vnd.lantern.v4+json')).toBe(4);
    });
  });
});
