import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { WISH_ALERT_MIN_DAYS } from '@lantern/domain';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { skus } from '../../src/modules/catalog/tables.ts';
import { outboxMessages } from '../../src/platform/db/platform-tables.ts';
import { runWishAlerts } from '../../src/modules/wish-alerts/index.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The wish-list alert (docs/product/messaging.md#wish-alert): the hourly job tells a wisher when a wished game's
 * price drops or it is released, at most once a week per game, in the centre and by e-mail with the digest on.
 */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const DAY_S = 86_400;
/** The test clock moves by days, past a session's life: each look signs in afresh. */
const fresh = async (who: Account) => ({ token: (await startSession(t.deps, t.deps.db, who.id, 'native')).accessToken });
const inbox = async (who: Account) => (await api.native.get(NOTIFICATIONS_API.messages, await fresh(who))).json().messages as Record<string, unknown>[];
const emailOf = async (who: Account) => (await t.deps.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, who.id)))[0]!.email!;
const wish = async (who: Account, skuId: number) => expect((await api.native.put(`/api/me/wishes/${skuId}`, undefined, { token: who.token })).statusCode).toBe(200);
const setPrice = (skuId: number, price: number) => t.deps.db.update(skus).set({ salePrice: price, effectivePrice: price }).where(eq(skus.id, skuId));
const mailsTo = (email: string) => t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
const settings = async (who: Account, body: Record<string, unknown>) =>
  expect((await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: body }, { token: who.token })).statusCode).toBe(200);

describe('wish-list alerts', () => {
  it('a drop tells once; a second drop within the week does not; a drop after the week does', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 10_000 });
    await wish(buyer, sku.id);
    await runWishAlerts(t.deps); // the first look records the price: nothing to tell
    expect(await inbox(buyer)).toEqual([]);

    await setPrice(sku.id, 8_000);
    await runWishAlerts(t.deps);
    expect(await inbox(buyer)).toEqual([expect.objectContaining({ kind: 'wish', detail: 'sale', actor: null, target_type: 'Sku', target_id: sku.id, href: `/sku/${sku.id}`, excerpt: sku.skuName.chs })]);
    // Nothing new: a second run tells nothing.
    await runWishAlerts(t.deps);
    expect(await inbox(buyer)).toHaveLength(1);

    t.clock.advance((WISH_ALERT_MIN_DAYS - 1) * DAY_S);
    await setPrice(sku.id, 6_000);
    await runWishAlerts(t.deps);
    expect(await inbox(buyer)).toHaveLength(1);

    t.clock.advance(DAY_S);
    await setPrice(sku.id, 5_000);
    await runWishAlerts(t.deps);
    expect((await inbox(buyer)).map((m) => m.detail)).toEqual(['sale', 'sale']);
    expect((await api.native.get('/api/me', await fresh(buyer))).json().noti_badges).toMatchObject({ total: 2, system_num: 2 });
  });

  it('a release tells (detail released); a price rise tells nothing; only the wisher is told, each in batches', async () => {
    const [wisher, other] = [await makeAccount(t), await makeAccount(t)];
    const upcoming = await makeSku(t, { status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + DAY_S * 1000) });
    const pricey = await makeSku(t, { listPrice: 5_000 });
    await wish(wisher, upcoming.id);
    await wish(wisher, pricey.id);
    await runWishAlerts(t.deps, 2);
    await setPrice(pricey.id, 6_000);
    await t.deps.db.update(skus).set({ status: 'sale' }).where(eq(skus.id, upcoming.id));
    t.clock.advance(DAY_S);
    await runWishAlerts(t.deps, 2);
    expect(await inbox(wisher)).toEqual([expect.objectContaining({ kind: 'wish', detail: 'released', target_id: upcoming.id })]);
    expect(await inbox(other)).toEqual([]);
  });

  it('the kind turned off: no notice and no e-mail; the digest on: an e-mail in the site language through the outbox', async () => {
    const [quiet, mailed] = [await makeAccount(t), await makeAccount(t)];
    const abroadBuyer = await makeAccount(t, { area: 'abroad' });
    const sku = await makeSku(t, { listPrice: 3_000 });
    const abroadSku = await makeSku(t, { area: 'abroad', listPrice: 2_000 });
    await settings(quiet, { kinds: { wish: false }, email_digest: true });
    await settings(mailed, { email_digest: true });
    expect((await api.abroad.post(NOTIFICATIONS_API.settings, { accounts_notification: { email_digest: true } }, { token: abroadBuyer.token })).statusCode).toBe(200);
    await wish(quiet, sku.id);
    await wish(mailed, sku.id);
    expect((await api.abroad.put(`/api/me/wishes/${abroadSku.id}`, undefined, { token: abroadBuyer.token })).statusCode).toBe(200);
    await runWishAlerts(t.deps);
    await setPrice(sku.id, 1_500);
    await setPrice(abroadSku.id, 1_000);
    await runWishAlerts(t.deps);

    expect(await inbox(quiet)).toEqual([]);
    expect(await mailsTo(await emailOf(quiet))).toEqual([]);
    expect((await inbox(mailed)).map((m) => m.target_id)).toEqual([sku.id]);
    const native = await mailsTo(await emailOf(mailed));
    expect(native.map((m) => m.subject)).toEqual([`愿望单游戏降价：${sku.skuName.chs}`]);
    expect(t.deps.secrets.decrypt(native[0]!.body)).toContain('¥15.00');
    const abroad = await mailsTo(await emailOf(abroadBuyer));
    expect(abroad.map((m) => m.subject)).toEqual([`On sale from your wish list: ${abroadSku.skuName.en}`]);
    expect(t.deps.secrets.decrypt(abroad[0]!.body)).toContain('$10.00');
  });
});
