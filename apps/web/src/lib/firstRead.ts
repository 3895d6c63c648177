/** The element the server puts a guest's first read in, on a game, post, headline or group page (its web/first-reads.ts). */
export const FIRST_READ_ID = 'lantern-first-read';

/**
 * The answer of `path` the page came with, taken once: the landed page's first read renders without a request
 * (the server asked its own route as the guest the visitor is); any later read of it, or of any other path, asks
 * the API. Returns undefined when the page holds no answer for `path`.
 */
export function takeFirstRead(path: string, doc: Document | undefined = globalThis.document): unknown {
  const element = doc?.getElementById(FIRST_READ_ID);
  if (!element || element.getAttribute('data-api') !== path) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** Whether the page came with the answer of `path` (not taken yet). */
export function hasFirstRead(path: string, doc: Document | undefined = globalThis.document): boolean {
  return doc?.getElementById(FIRST_READ_ID)?.getAttribute('data-api') === path;
}

/** The landed page's first read of `path` when the page came with it, else `ask()` (the API). */
export function firstReadOr<T>(path: string, ask: () => Promise<T>): Promise<T> {
  const inline = takeFirstRead(path);
  return inline !== undefined ? Promise.resolve(inline as T) : ask();
}
