/**
 * The page of the store home comes with its first screen drawn by the server (the server's
 * storefront/first-screen.ts): the hero banner, preloaded, in the very box the app renders it in. Before
 * the app renders over it, let the browser paint it — once the banner is ready (briefly waited for) and one
 * frame later — so the page's largest paint does not wait for the app's code. Other pages, a hidden tab or a
 * page without the first screen do not wait at all.
 */
export function firstScreenPainted(doc: Document = document, maxWaitMs = { image: 250, frame: 100 }): Promise<void> {
  const shell = doc.querySelector('[data-first-screen]');
  if (!shell || doc.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  const within = <T,>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  const image = shell.querySelector('img');
  const loaded = (img: HTMLImageElement) =>
    typeof img.decode === 'function'
      ? img.decode().catch(() => undefined)
      : new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        });
  const ready = image && !image.complete ? within(loaded(image), maxWaitMs.image) : Promise.resolve();
  // A task queued from a frame callback runs once that frame has been painted. Never a long wait: a busy
  // or slow-to-draw browser gets the app instead.
  return ready.then(() => within(new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))), maxWaitMs.frame));
}
