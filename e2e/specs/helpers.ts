import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

export type Area = 'native' | 'abroad';

export const areaOf = (info: TestInfo): Area => (info.project.name === 'native' ? 'native' : 'abroad');

let counter = 0;
/** A new address per call, unique across workers, runs and projects. */
export function uniqueEmail(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid, random resident ID number of an adult (GB 11643 check character), so each test uses its own. */
export function randomResidentId() {
  const year = 1970 + Math.floor(Math.random() * 30);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const seq = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const body = `110105${year}${month}${day}${seq}`;
  const sum = [...body].reduce((a, c, i) => a + Number(c) * WEIGHTS[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** The newest code the dev outbox holds for an address (GET /__dev/outbox?to=…, newest first). */
export async function latestCode(request: APIRequestContext, baseURL: string, to: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${baseURL}/__dev/outbox`, { params: { to } });
        const body = (await res.json()) as { messages: { code: string; created_at_timestamp: number }[] };
        const m = body.messages.find((x) => x.created_at_timestamp >= after);
        code = m?.code ?? '';
        return code;
      },
      { message: `a code sent to ${to}` },
    )
    .not.toBe('');
  return code;
}

export async function captchaAnswer(request: APIRequestContext, baseURL: string, id: string): Promise<string> {
  const res = await request.get(`${baseURL}/__dev/captcha/${id}`);
  expect(res.ok(), `captcha ${id} is known to the dev surface`).toBeTruthy();
  return ((await res.json()) as { answer: string }).answer;
}

/** Reads the captcha id the form shows, answers it from the dev surface and types the answer. */
export async function solveCaptcha(page: Page, baseURL: string, previousId?: string) {
  const image = page.locator('button[data-captcha-id]');
  await expect(image).toHaveAttribute('data-captcha-id', /.+/);
  if (previousId) await expect(image).not.toHaveAttribute('data-captcha-id', previousId);
  const id = (await image.getAttribute('data-captcha-id'))!;
  const answer = await captchaAnswer(page.request, baseURL, id);
  const input = page.locator('input[name="captcha"]');
  await input.fill(answer);
  return id;
}

export interface Account {
  email: string;
  password: string;
  id: number;
  nickname: string;
}

/**
 * Signs up through the API in the browser context's cookie jar (the same calls the page makes), so the
 * context is signed in afterwards. Used by specs whose subject is not sign-up itself; the beginners' guide is
 * closed for the account unless `keepGuide`.
 */
export async function signUpViaApi(context: BrowserContext, baseURL: string, area: Area, tag = 'api', options: { keepGuide?: boolean } = {}): Promise<Account> {
  const r = context.request;
  // The CSRF cookie comes with a page (not with API answers); without it the server treats the caller as an
  // API client and answers with tokens in the body instead of session cookies.
  await r.get(`${baseURL}/sign_in`);
  const csrf = (await context.cookies(baseURL)).find((c) => c.name === 'lantern_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': csrf };
  const email = uniqueEmail(tag);
  const password = 'Lantern2026!';
  const solve = async () => {
    const c = (await (await r.post(`${baseURL}/api/captchas`, { headers })).json()) as { captcha_id: string };
    return { captcha_id: c.captcha_id, captcha: await captchaAnswer(r, baseURL, c.captcha_id) };
  };
  const since = Math.floor(Date.now() / 1000) - 1;
  const sent = await r.post(`${baseURL}/api/message`, { headers, data: { message: { type: 'Email', target: email, purpose: 'sign_up', ...(await solve()) } } });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const code = await latestCode(r, baseURL, email, since);
  const res = await r.post(`${baseURL}/api/accounts`, {
    headers,
    data: {
      account: {
        email,
        code,
        password,
        password_confirmation: password,
        tos_agreement: true,
        ...(area === 'native' ? { real_name: '测试用户', credential_type: 'resident_id', credential_num: randomResidentId(), anti_addiction: true } : {}),
        ...(await solve()),
      },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { account: { id: number; nickname: string } };
  // A new account is due to see the beginners' guide; specs about something else start as one that closed it.
  if (!options.keepGuide) {
    const closed = await r.patch(`${baseURL}/api/me/guide`, { headers });
    expect(closed.status(), await closed.text()).toBe(204);
  }
  return { email, password, id: body.account.id, nickname: body.account.nickname };
}

/** Keeps the post-sign-in prompts (identification / basic info) away, as a user who chose "later" would. */
export async function skipAccountPrompts(page: Page, accountId: number) {
  await page.addInitScript((id) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(`lantern.prompts.dismissed.${id}`, '1');
  }, accountId);
}

/**
 * Clicks "send code". Past the per-address or per-IP allowance the server first asks for a captcha
 * (`need_captcha`): then the captcha is answered and the code requested again. Returns the id of the captcha
 * spent on the code request, or null when none was needed.
 */
export async function clickSendCode(page: Page, baseURL: string): Promise<string | null> {
  const button = page.getByTestId('send-code');
  const captcha = page.locator('input[name="captcha"]');
  const captchaShownBefore = await captcha.isVisible();
  await button.click();
  const seen: { state: 'pending' | 'sent' | 'captcha' } = { state: 'pending' };
  await expect
    .poll(
      async () => {
        if (await button.isDisabled()) seen.state = 'sent';
        else if ((await captcha.isVisible()) && (!captchaShownBefore || (await captcha.getAttribute('aria-invalid')) === 'true')) seen.state = 'captcha';
        return seen.state;
      },
      { message: 'the code is sent or a captcha is asked for' },
    )
    .not.toBe('pending');
  if (seen.state === 'sent') return null;
  const id = await solveCaptcha(page, baseURL);
  await button.click();
  await expect(button).toBeDisabled(); // counting down from resend_after
  return id;
}

/**
 * Expects the element with `testId` to show while `action` runs, however briefly. The sign-in success shows
 * for one second before the popup closes or the page moves on: polling from the test can step over that
 * second on a busy machine, so a watcher inside the page notes the element the moment it renders.
 */
export async function expectShownDuring(page: Page, testId: string, action: () => Promise<void>) {
  const flag = `__shown_${testId.replace(/\W/g, '_')}`;
  await page.evaluate(`(() => {
    const selector = '[data-testid="${testId}"]';
    window.${flag} = false;
    const note = () => { if (document.querySelector(selector)) { window.${flag} = true; observer.disconnect(); } };
    const observer = new MutationObserver(note);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    note();
  })()`);
  await action();
  await expect.poll(() => page.evaluate<boolean>(`window.${flag} === true`), { message: `${testId} was shown` }).toBe(true);
}
