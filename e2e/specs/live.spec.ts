import { expect, test } from '@playwright/test';
import { areaOf, signUpViaApi, skipAccountPrompts } from './helpers';

/** The words of each state in the header's title, per site language (apps/web/src/i18n, `live`). */
const TITLE = {
  native: { live: '实时消息已连接', timeout: '实时消息已断开，正在重连', reconnecting: '正在重连…' },
  abroad: { live: 'live updates on', timeout: 'live updates lost, reconnecting', reconnecting: 'Reconnecting…' },
} as const;

test('a signed-in tab holds the live stream: the header shows it live, reconnecting while it is refused, then live again', async ({ page, context, baseURL }, info) => {
  const area = areaOf(info);
  const account = await signUpViaApi(context, baseURL!, area, 'live');
  await skipAccountPrompts(page, account.id);

  // The tab's timers run on Playwright's clock: the backoff's next try is reached by moving the clock on, not
  // waited out (it doubles with every refused try, so a busy machine would wait longer and longer).
  await page.clock.install();
  await page.goto('/');
  const dot = page.getByTestId('live-state');
  await expect(dot).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('header-messages')).toHaveAttribute('title', new RegExp(TITLE[area].live));
  await page.locator('header').screenshot({ path: info.outputPath(`live-header-${area}.png`) });

  // The stream refused (a proxy's error page, say): the browser gives up and the tab retries with backoff.
  await page.route('**/api/live**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.reload();
  await expect(dot).toHaveAttribute('data-state', 'timeout');
  await expect(page.getByTestId('live-reconnecting')).toHaveText(TITLE[area].reconnecting);
  await expect(page.getByTestId('header-messages')).toHaveAttribute('title', new RegExp(TITLE[area].timeout));
  await page.locator('header').screenshot({ path: info.outputPath(`live-header-timeout-${area}.png`) });

  await page.unroute('**/api/live**');
  await expect
    .poll(async () => {
      await page.clock.fastForward(1000);
      return dot.getAttribute('data-state');
    }, { message: 'the next try after the backoff connects' })
    .toBe('live');
  await expect(page.getByTestId('live-reconnecting')).toHaveCount(0);
});
