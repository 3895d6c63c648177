import { eq } from 'drizzle-orm';
import { effectiveSalePrice, SITES } from '@lantern/domain';
import type { EditionPreview } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { keepListed, loadEdition, loadViewableProductSkuRows, loadViewableSkuRows, presentSkuMap } from '../catalog/index.ts';
import { loadQueues } from './queues.ts';
import { recordView } from './runs.ts';
import { exploringQueueItems, exploringQueues } from './tables.ts';

/**
 * GET /api/v1/preview/editions/{sku id}: the editions of the SKU's product the viewer could buy, with their
 * prices and what each holds (its store text's summary), for the queue page's preview.
 */
export async function editionPreview(deps: Deps, viewer: Viewer, skuId: number): Promise<EditionPreview> {
  const [row] = await loadViewableSkuRows(deps.db, [skuId], viewer.area);
  if (!row) throw fail.notFound();
  const editions = keepListed(await loadViewableProductSkuRows(deps.db, [row.sku.productId], viewer.area), viewer.area, viewer.region);
  const details = await Promise.all(editions.map((e) => loadEdition(deps.db, e.sku)));
  return {
    sku_id: row.sku.id,
    product_id: row.sku.productId,
    editions: editions.map((e, i) => ({
      sku_id: e.sku.id,
      edition: e.sku.edition,
      sku_names: e.sku.skuName,
      currency: SITES[viewer.area].currency,
      list_price: e.sku.listPrice,
      sale_price: effectiveSalePrice({ sale_price: e.sku.salePrice, list_price: e.sku.listPrice }),
      includes: { chs: details[i]!.edition_details.chs.summary, en: details[i]!.edition_details.en.summary },
    })),
  };
}

/** GET /api/promotion/queue_skus/{item id}: one item of a queue of the site, its SKU, and its neighbours. */
export async function queueSku(deps: Deps, viewer: Viewer, itemId: number) {
  const [item] = await deps.db.select().from(exploringQueueItems).where(eq(exploringQueueItems.id, itemId)).limit(1);
  if (!item) throw fail.notFound();
  const [loaded] = await loadQueues(deps.db, viewer.area, eq(exploringQueues.id, item.queueId));
  if (!loaded) throw fail.notFound();
  const index = loaded.items.findIndex((i) => i.id === item.id);
  // A signed-in viewer's run records the step the server showed them: the reward rests on these views only.
  if (viewer.accountId !== null) await recordView(deps, viewer.accountId, loaded, item.id);
  const [skuRow] = keepListed(await loadViewableSkuRows(deps.db, [item.skuId], viewer.area), viewer.area, viewer.region);
  const summaries = skuRow ? await presentSkuMap(deps.db, [skuRow]) : new Map();
  return {
    id: item.id,
    queue_id: item.queueId,
    position: item.position,
    sku_id: item.skuId,
    sku: summaries.get(item.skuId) ?? null,
    previous_item_id: loaded.items[index - 1]?.id ?? null,
    next_item_id: loaded.items[index + 1]?.id ?? null,
  };
}
