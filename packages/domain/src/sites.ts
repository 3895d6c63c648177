/**
 * The two sites (docs/product/README.md#sites-areas-and-regions): one codebase serves the mainland site (area native) and the international
 * site (area abroad). Everything a request needs to know about its site comes from here.
 */
export type Area = 'native' | 'abroad';
export const AREAS = ['native', 'abroad'] as const satisfies readonly Area[];

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Currency = 'CNY' | 'USD';
export type SiteTimeZone = 'Asia/Shanghai' | 'UTC';

/**
 * Region codes: cn and hk for the native area. The product names no code for the abroad
 * area; we use 'global' because the international site sells one catalogue worldwide, and a country
 * code such as 'us' would wrongly suggest a US-only lock on SKUs that carry it.
 */
export const REGIONS_BY_AREA = {
  native: ['cn', 'hk'],
  abroad: ['global'],
} as const satisfies Record<Area, readonly string[]>;

export const KNOWN_REGIONS = [...REGIONS_BY_AREA.native, ...REGIONS_BY_AREA.abroad] as const;
export type Region = (typeof KNOWN_REGIONS)[number];

/** An unknown region is treated as the domestic one. */
export const FALLBACK_REGION: Region = 'cn';

export interface Site {
  readonly area: Area;
  readonly currency: Currency;
  readonly language: Language;
  /** Zone of the site's calendar: daily limits and check-in days roll over at its midnight. */
  readonly timeZone: SiteTimeZone;
  readonly regionDefault: Region;
  /** The site's name, in its language: what every page's title ends with and a link preview's site name. */
  readonly name: string;
}

export const SITES = {
  native: { area: 'native', currency: 'CNY', language: 'zh-CN', timeZone: 'Asia/Shanghai', regionDefault: 'cn', name: '灯笼游戏' },
  abroad: { area: 'abroad', currency: 'USD', language: 'en', timeZone: 'UTC', regionDefault: 'global', name: 'Lantern' },
} as const satisfies Record<Area, Site>;

export function isArea(value: unknown): value is Area {
  return value === 'native' || value === 'abroad';
}

export function isKnownRegion(value: unknown): value is Region {
  return typeof value === 'string' && (KNOWN_REGIONS as readonly string[]).includes(value);
}

/** Normalises a region code; blank or unknown codes become 'cn'. */
export function resolveRegion(code: string | null | undefined): Region {
  const normalised = (code ?? '').trim().toLowerCase();
  return isKnownRegion(normalised) ? normalised : FALLBACK_REGION;
}

export function areaOfRegion(code: string | null | undefined): Area {
  const region = resolveRegion(code);
  return (REGIONS_BY_AREA.abroad as readonly string[]).includes(region) ? 'abroad' : 'native';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Maps a requested language tag to one we translate, e.g. 'zh', 'zh-Hans-CN' → 'zh-CN',
 * 'en-GB' → 'en'. Anything else gets the site's language.
 */
export function resolveLanguage(tag: string | null | undefined, fallback: Language): Language {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  return fallback;
}

/** API versions selectable by Accept header. The web client uses v1, v4–v8; all of v1–v8 are accepted. */
export const API_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const DEFAULT_API_VERSION: ApiVersion = 1;

const VENDOR_MEDIA_TYPE = /^application\/vnd\.lantern\.v([1-9]\d*)\+json$/i;

/**
 * Reads the version from `Accept: application/vnd.lantern.v{N}+json`. The header may list several
 * media types with parameters (`;q=0.9`); the first lantern type with a supported version wins.
 * Returns null when none is present, so the caller applies the default version.
 */
export function parseAcceptVersion(header: string | null | undefined): ApiVersion | null {
  if (!header) return null;
  for (const entry of header.split(',')) {
    const mediaType = (entry.split(';')[0] ?? '').trim();
    const match = VENDOR_MEDIA_TYPE.exec(mediaType);
    if (!match) continue;
    const version = Number(match[1]);
    if ((API_VERSIONS as readonly number[]).includes(version)) return version as ApiVersion;
  }
  return null;
}

/** Client kinds sent as the `client` parameter (docs/product/README.md#clients-and-api-versions). */
export const CLIENTS = ['web', 'pc', 'promotion'] as const;
export type Client = (typeof CLIENTS)[number];
export const DEFAULT_CLIENT: Client = 'web';

export function isClient(value: unknown): value is Client {
  return typeof value === 'string' && (CLIENTS as readonly string[]).includes(value);
}
