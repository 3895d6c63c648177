import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { areaOf } from './helpers';
import { searchApi, type Sku } from './store-helpers';

/** The demo staff account of the seed (apps/server/src/seed/accounts.ts): imports keys into a SKU's pool. */
const ADMIN = { login: 'admin@lantern.test', password: 'Lantern2026' };

async function csrfOf(request: APIRequestContext, baseURL: string): Promise<string> {
  await request.get(`${baseURL}/sign_in`);
  const state = await request.storageState();
  return state.cookies.find((c) => c.name === 'lantern_csrf')?.value ?? '';
}

/**
 * Puts fresh keys (one unless told) into a SKU's pool as the admin (POST /api/admin/skus/{id}/keys), in a context
 * of its own, so the buyer's order — or a flash sale's units, which set their keys aside — is delivered from
 * them. Answers the first code.
 */
export async function importKey(browser: Browser, baseURL: string, skuId: number, tag: string, count = 1): Promise<string> {
  const context = await browser.newContext();
  try {
    const r = context.request;
    const csrf = await csrfOf(r, baseURL);
    const signIn = await r.post(`${baseURL}/api/access_token`, { headers: { 'x-csrf-token': csrf }, data: { access_token: ADMIN } });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const stem = `E2E-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    const codes = Array.from({ length: count }, (_, i) => (i === 0 ? stem : `${stem}-${i}`));
    const res = await r.post(`${baseURL}/api/admin/skus/${skuId}/keys`, { headers: { 'x-csrf-token': csrf }, data: { keys: { codes, note: 'e2e buying' } } });
    expect(res.ok(), await res.text()).toBeTruthy();
    expect(((await res.json()) as { added: number }).added).toBe(count);
    return codes[0]!;
  } finally {
    await context.close();
  }
}

/**
 * Base games on sale with a price on this site, best ranked first. Each test takes its own `slot`, so tests
 * running side by side buy different games (and one test's key never lands in another's order).
 */
export async function gameForSlot(request: APIRequestContext, baseURL: string, slot: number): Promise<Sku> {
  const list = await searchApi(request, baseURL, 'order=rank&direction=desc&page=1&per=30');
  const games = list.skus.filter((s) => s.status === 'sale' && s.cate === 'game' && s.kind === 'game' && s.sale_price > 0);
  expect(games.length, 'the seed has base games on sale').toBeGreaterThan(slot);
  return games[slot]!;
}

/** The sandbox gateway's page (served by our server at /sandbox/pay/…): its Pay, Fail and Cancel buttons. */
export async function sandboxAction(page: Page, info: TestInfo, action: 'pay' | 'fail' | 'cancel') {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  const native = areaOf(info) === 'native';
  if (action === 'pay') await page.locator('button.pay').click();
  else await page.getByRole('button', { name: action === 'fail' ? (native ? '支付失败' : 'Fail') : native ? '取消' : 'Cancel', exact: true }).click();
}

/** Text in the project's language. */
export const say = (info: TestInfo, zh: string, en: string) => (areaOf(info) === 'native' ? zh : en);
