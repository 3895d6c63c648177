import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { backgroundUrlOf, setBackgroundUrl } from '../accounts/index.ts';
import { findUploads } from '../uploads/index.ts';

/**
 * POST /api/backgrounds (docs/product/personal-pages.md#background): only an image the owner uploaded themselves may
 * become their background — anyone else's, or any other address, is 422 `url: invalid`, so a personal page never
 * shows an image from outside the store or one its owner cannot delete. Null goes back to the default.
 */
export async function setBackground(deps: Deps, accountId: number, url: string | null) {
  if (url !== null && (await findUploads(deps, accountId, [url])).length === 0) throw fail.unprocessable('url', 'invalid');
  if (!(await setBackgroundUrl(deps.db, accountId, url, deps.clock.now()))) throw fail.notFound();
  return { background_url: url };
}

/** A background in use may not be deleted: the owner's page would show a broken image (every size's URL contains the upload's folder). */
export async function backgroundInUse(deps: Deps, accountId: number, key: string): Promise<boolean> {
  const url = await backgroundUrlOf(deps.db, accountId);
  return url !== null && url.includes(key);
}
