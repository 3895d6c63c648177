import { describe, expect, it } from 'vitest';
import { email, nextIp, phone, sendCode, signUpByEmail, signUpByPhone, solvedCaptcha } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const outbox = (target: string) => t.deps.outbox.list(target);

describe('POST /api/message', () => {
  it('e-mails a six-digit code in the site language', async () => {
    const address = email();
    const res = await sendCode(api.abroad, 'Email', address, 'sign_up');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ sent: true, resend_after: 60, expires_in: 600 });
    const [message, ...rest] = await outbox(address);
    expect(rest).toHaveLength(0);
    expect(message).toMatchObject({ channel: 'email', recipient: address, subject: 'Your Lantern verification code' });
    expect(message!.body).toMatch(/\b\d{6}\b/);

    const native = email();
    expect((await sendCode(api.native, 'Email', native, 'sign_up')).statusCode).toBe(201);
    const [zh] = await outbox(native);
    expect(zh!.subject).toBe('灯笼游戏验证码');
    expect(zh!.body).toMatch(/验证码是 \d{6}/);
  });

  it('stores the address normalized, so case and spaces do not make a second recipient', async () => {
    const address = email('Mixed');
    const res = await sendCode(api.abroad, 'Email', `  ${address.toUpperCase()} `, 'sign_up');
    expect(res.statusCode).toBe(201);
    expect(await outbox(address.toLowerCase())).toHaveLength(1);
  });

  it('texts a six-digit code to a phone number, normalized', async () => {
    const number = phone();
    const typed = `+86 ${number.slice(0, 3)}-${number.slice(3, 7)}-${number.slice(7)}`;
    const res = await sendCode(api.native, 'Sms', typed, 'sign_up');
    expect(res.statusCode).toBe(201);
    const [message] = await outbox(number);
    expect(message).toMatchObject({ channel: 'sms', recipient: number });
    expect(message!.body).toMatch(/\b\d{6}\b/);
  });

  it('refuses a target that is not an address of its type, sending nothing', async () => {
    const bad = [
      ['Email', 'not-an-email'],
      ['Email', 'a@b'],
      ['Sms', '12345'],
      ['Sms', 'someone@example.com'],
      ['Email', '13912345678'],
    ] as const;
    for (const [type, target] of bad) {
      const res = await sendCode(api.native, type, target, 'sign_up');
      expect(res.statusCode, `${type} ${target}`).toBe(422);
      expect(res.json()).toEqual({ errors: { target: ['invalid'] } });
      expect(await outbox(target.toLowerCase())).toHaveLength(0);
    }
  });

  it('refuses sign-up and bind codes to an address already in use: taken for e-mail, used for phone', async () => {
    const byEmail = await signUpByEmail(t, api.abroad);
    for (const purpose of ['sign_up', 'bind']) {
      const res = await sendCode(api.abroad, 'Email', byEmail.email, purpose);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { target: ['taken'] } });
    }
    const byPhone = await signUpByPhone(t, api.native);
    for (const purpose of ['sign_up', 'bind']) {
      const res = await sendCode(api.native, 'Sms', byPhone.phone, purpose);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { target: ['used'] } });
    }
    // Only the sign-up code itself ever went out.
    expect(await outbox(byEmail.email)).toHaveLength(1);
  });

  it('refuses sign-in, reset and unlock codes to an address with no account: not_found', async () => {
    for (const purpose of ['sign_in', 'reset_password', 'unlock']) {
      const mail = await sendCode(api.abroad, 'Email', email(), purpose);
      expect(mail.statusCode, purpose).toBe(422);
      expect(mail.json()).toEqual({ errors: { target: ['not_found'] } });
      const sms = await sendCode(api.native, 'Sms', phone(), purpose);
      expect(sms.statusCode, purpose).toBe(422);
      expect(sms.json()).toEqual({ errors: { target: ['not_found'] } });
    }
  });

  it('sends sign-in, reset and unlock codes to an existing account', async () => {
    const user = await signUpByEmail(t, api.abroad);
    for (const purpose of ['sign_in', 'reset_password', 'unlock']) {
      const res = await sendCode(api.abroad, 'Email', user.email, purpose);
      expect(res.statusCode, purpose).toBe(201);
    }
    expect(await outbox(user.email)).toHaveLength(4);
  });

  it('refuses a blank target for every purpose but unbind', async () => {
    for (const message of [{ type: 'Email', purpose: 'sign_up' }, { type: 'Sms', target: '   ', purpose: 'sign_in' }]) {
      const res = await api.abroad.post('/api/message', { message }, { ip: nextIp() });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { target: ['blank'] } });
    }
  });

  it('sends an unbind code only to a signed-in caller, and only to their own bound phone', async () => {
    const guest = await api.native.post('/api/message', { message: { type: 'Sms', purpose: 'unbind' } }, { ip: nextIp() });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ errors: { base: ['unauthorized'] } });

    const user = await signUpByPhone(t, api.native);
    const stranger = phone();
    const res = await sendCode(api.native, 'Sms', stranger, 'unbind', {}, { token: user.token });
    expect(res.statusCode).toBe(201);
    expect(await outbox(stranger)).toHaveLength(0);
    const [message] = await outbox(user.phone);
    expect(message!.body).toMatch(/\b\d{6}\b/);
    expect((await outbox(user.phone)).length).toBe(2);

    const emailOnly = await signUpByEmail(t, api.abroad);
    const none = await api.abroad.post('/api/message', { message: { type: 'Sms', purpose: 'unbind' } }, { token: emailOnly.token, ip: nextIp() });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: { target: ['not_bound'] } });
  });

  it('answers 429 frequently with the seconds left when the same code is asked again within 60 s', async () => {
    const address = email();
    expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
    t.clock.advance(20);
    const again = await sendCode(api.abroad, 'Email', address, 'sign_up');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ errors: { base: ['frequently'] }, meta: { retry_after: 40 } });
    expect(await outbox(address)).toHaveLength(1);

    // Another purpose is another code, with its own interval.
    const user = await signUpByEmail(t, api.abroad);
    expect((await sendCode(api.abroad, 'Email', user.email, 'reset_password')).statusCode).toBe(201);

    t.clock.advance(41);
    expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
    expect(await outbox(address)).toHaveLength(2);
  });

  it('asks for a captcha after three sends to one target in an hour, and sends with a solved one', async () => {
    const address = email();
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
      t.clock.advance(61);
    }
    const fourth = await sendCode(api.abroad, 'Email', address, 'sign_up');
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toEqual({ errors: { captcha: ['need_captcha'] }, meta: { need_captcha: true } });

    const { captcha_id } = await solvedCaptcha(t, api.abroad);
    const wrong = await sendCode(api.abroad, 'Email', address, 'sign_up', { captcha_id, captcha: 'zzzz' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { captcha: ['invalid'] }, meta: { need_captcha: true } });
    expect(await outbox(address)).toHaveLength(3);

    const solved = await solvedCaptcha(t, api.abroad);
    const ok = await sendCode(api.abroad, 'Email', address, 'sign_up', solved);
    expect(ok.statusCode).toBe(201);
    expect(await outbox(address)).toHaveLength(4);

    // A captcha is good for one use only.
    t.clock.advance(61);
    const reused = await sendCode(api.abroad, 'Email', address, 'sign_up', solved);
    expect(reused.json()).toEqual({ errors: { captcha: ['invalid'] }, meta: { need_captcha: true } });

    // Once the sends age out of the hour, no captcha is needed.
    t.clock.advance(3600);
    expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
  });

  it('limits sends per address: a captcha after 10 in an hour, refused outright after 30', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(api.abroad, 'Email', email(), 'sign_up', {}, { ip })).statusCode).toBe(201);
    }
    const eleventh = await sendCode(api.abroad, 'Email', email(), 'sign_up', {}, { ip });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toEqual({ errors: { captcha: ['need_captcha'] }, meta: { need_captcha: true } });
    const solved = await sendCode(api.abroad, 'Email', email(), 'sign_up', await solvedCaptcha(t, api.abroad), { ip });
    expect(solved.statusCode).toBe(201);
    // Another address is not affected.
    expect((await sendCode(api.abroad, 'Email', email(), 'sign_up')).statusCode).toBe(201);

    for (let i = 12; i < 30; i++) await sendCode(api.abroad, 'Email', email(), 'sign_up', {}, { ip });
    const over = await sendCode(api.abroad, 'Email', email(), 'sign_up', await solvedCaptcha(t, api.abroad), { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual({ base: ['rate_limit'] });
    expect(over.json().meta.retry_after).toBeGreaterThan(0);
    expect(over.json().meta.retry_after).toBeLessThanOrEqual(3600);
  });
});

describe('POST /api/captchas and the development surface', () => {
  it('issues an image captcha, never cached, whose answer the dev surface tells and a form spends once', async () => {
    const res = await api.abroad.post('/api/captchas');
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { captcha_id, svg, expires_in } = res.json();
    expect(captcha_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(expires_in).toBe(300);

    const answer = await api.abroad.get(`/__dev/captcha/${captcha_id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().answer).toMatch(/^[a-z0-9]{4}$/);
    expect((await api.abroad.get('/__dev/captcha/unknown')).statusCode).toBe(404);

    // Spent by the send that needed it: the dev surface no longer knows it.
    const address = email();
    for (let i = 0; i < 3; i++) {
      await sendCode(api.abroad, 'Email', address, 'sign_up');
      t.clock.advance(61);
    }
    const sent = await sendCode(api.abroad, 'Email', address, 'sign_up', { captcha_id, captcha: answer.json().answer.toUpperCase() });
    expect(sent.statusCode).toBe(201);
    expect((await api.abroad.get(`/__dev/captcha/${captcha_id}`)).statusCode).toBe(404);
  });

  it('lists the messages sent to an address, newest first, with their codes', async () => {
    const address = email();
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    t.clock.advance(61);
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    const res = await api.abroad.get('/__dev/outbox', { query: { to: ` ${address.toUpperCase()} ` } });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: address, channel: 'email', code: expect.stringMatching(/^\d{6}$/) });
    const stored = await outbox(address);
    expect(messages.map((m: { body: string }) => m.body)).toEqual(stored.map((m) => m.body));
  });
});
