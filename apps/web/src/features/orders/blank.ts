/**
 * The hand-off to /blank (docs/product/screens.md#blank: it carries a payment url and data for a redirect). The signed fields stay
 * in this tab's sessionStorage, not in the address, so they are not kept in the history or sent as a referrer.
 */
export interface BlankHandoff {
  url: string;
  method: 'POST' | 'GET';
  data: Record<string, string>;
  orderId: number;
}

const KEY = 'lantern.blank';

export function saveHandoff(h: BlankHandoff) {
  sessionStorage.setItem(KEY, JSON.stringify(h));
}

/** Forgets the hand-off once it is submitted, so going back to /blank does not submit a payment again. */
export function clearHandoff() {
  sessionStorage.removeItem(KEY);
}

export function readHandoff(): BlankHandoff | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const h = JSON.parse(raw) as Partial<BlankHandoff>;
    if (typeof h.url !== 'string' || (h.method !== 'POST' && h.method !== 'GET') || !h.data || typeof h.data !== 'object') return null;
    // Only a path of this site or an http(s) gateway.
    if (!/^(\/(?!\/)|https?:\/\/)/.test(h.url)) return null;
    return { url: h.url, method: h.method, data: h.data as Record<string, string>, orderId: Number(h.orderId) };
  } catch {
    return null;
  }
}
