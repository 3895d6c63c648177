import { API, type FetchRegionResponse } from '@lantern/contract';

/** The facts of the site this page belongs to. The server injects them as `window.__LANTERN__`. */
export interface Site {
  area: 'native' | 'abroad';
  region: string;
  currency: 'CNY' | 'USD';
  language: 'zh-CN' | 'en';
  siteUrl: string;
  otherSiteUrl: string;
}

declare global {
  interface Window {
    __LANTERN__?: Partial<Site>;
  }
}

let current: Site | null = null;

function fromInjected(raw: Partial<Site> | undefined): Site | null {
  if (!raw || (raw.area !== 'native' && raw.area !== 'abroad')) return null;
  const native = raw.area === 'native';
  return {
    area: raw.area,
    region: raw.region ?? (native ? 'cn' : 'us'),
    currency: raw.currency ?? (native ? 'CNY' : 'USD'),
    language: raw.language ?? (native ? 'zh-CN' : 'en'),
    siteUrl: raw.siteUrl ?? window.location.origin,
    otherSiteUrl: raw.otherSiteUrl ?? '',
  };
}

function fromRegion(r: FetchRegionResponse): Site {
  return {
    area: r.area,
    region: r.region,
    currency: r.currency,
    language: r.language,
    siteUrl: r.site.url,
    otherSiteUrl: r.other_site.url,
  };
}

/** Reads the injected site, or (vite dev server, no injection) asks the API which site this is. */
export async function loadSite(): Promise<Site> {
  const injected = fromInjected(window.__LANTERN__);
  if (injected) return (current = injected);
  try {
    const res = await fetch(`${API.fetchRegion}?client=web&version=1`, { credentials: 'include' });
    if (res.ok) return (current = fromRegion((await res.json()) as FetchRegionResponse));
  } catch {
    // fall through to the domestic default: an unknown region is treated as cn
  }
  return (current = {
    area: 'native',
    region: 'cn',
    currency: 'CNY',
    language: 'zh-CN',
    siteUrl: window.location.origin,
    otherSiteUrl: '',
  });
}

export function setSite(site: Site) {
  current = site;
}

export function getSite(): Site {
  if (!current) throw new Error('site not loaded: call loadSite() first');
  return current;
}

export function useSite(): Site {
  return getSite();
}
