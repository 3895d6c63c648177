import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Language } from '@lantern/domain';
import { safeEqual } from '../crypto.ts';
import type { Checkout, CheckoutRequest, GatewayMethod, PaymentGateway, ReceivedNotification, RefundRequest, VerifiedNotification } from '../payment-gateway.ts';

/**
 * The string both sides sign: every field but `sign`, sorted by name, each name and value
 * percent-encoded, joined as a query string. Encoding makes the join unambiguous (a value holding `&` or
 * `=` cannot shift fields), and sorting makes it independent of the order the fields travelled in.
 */
export function canonicalQuery(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(fields[k]!)}`)
    .join('&');
}

/** The fields of a checkout the sandbox's pages carry from step to step, signed by us (the merchant). */
export interface SandboxCheckout {
  merchant: string;
  method: GatewayMethod;
  outTradeNo: string;
  amount: number;
  currency: 'CNY' | 'USD';
  subject: string;
  returnUrl: string;
  notifyUrl: string;
  language: Language;
}

const CHECKOUT_FIELDS = ['merchant', 'method', 'out_trade_no', 'amount', 'currency', 'subject', 'return_url', 'notify_url', 'language', 'sign'] as const;
const GATEWAY_METHODS: readonly GatewayMethod[] = ['alipay', 'wechat', 'paypal', 'card'];
const AMOUNT = /^(0|[1-9]\d{0,9})$/;

/**
 * The sandbox gateway: its checkout pages are served by this server under `/sandbox/pay/:outTradeNo`
 * (modules/payments/sandbox-routes.ts). Both directions are signed with HMAC-SHA256 over
 * `canonicalQuery`, with a key derived from APP_SECRET for this purpose only: the checkout fields
 * (so a buyer cannot change the amount in the form) and the notification (so nobody else can say an
 * order was paid). Refunds are accepted and remembered (`refunds`), as a real gateway's refund API would.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly merchant = 'Lantern';
  /** Refunds asked for, newest last (bounded: it is a sandbox, not a ledger). */
  readonly refunds: Array<RefundRequest & { refundNo: string }> = [];
  private readonly key: Buffer;

  constructor(appSecret: string, private readonly log?: Logger) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'lantern', 'payment-gateway:sandbox', 32));
  }

  sign(fields: Record<string, string>): string {
    return createHmac('sha256', this.key).update(canonicalQuery(fields)).digest('hex');
  }

  private signed(fields: Record<string, string>): Record<string, string> {
    return { ...fields, sign: this.sign(fields) };
  }

  private hasValidSign(fields: Record<string, string>): boolean {
    return typeof fields.sign === 'string' && safeEqual(fields.sign, this.sign(fields));
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const data = this.signed({
      merchant: this.merchant,
      method: request.method,
      out_trade_no: request.outTradeNo,
      amount: String(request.amount),
      currency: request.currency,
      subject: request.subject,
      return_url: request.returnUrl,
      notify_url: request.notifyUrl,
      language: request.language,
    });
    return { url: `/sandbox/pay/${encodeURIComponent(request.outTradeNo)}`, method: 'POST', data };
  }

  /**
   * The checkout behind a sandbox page's fields, or null when they are not ours, unsigned or altered.
   * Only the checkout's own fields count (a page's query may carry others, such as `client`).
   */
  openCheckout(received: Record<string, string>): SandboxCheckout | null {
    const fields = Object.fromEntries(CHECKOUT_FIELDS.filter((k) => received[k] !== undefined).map((k) => [k, received[k]!]));
    if (!this.hasValidSign(fields)) return null;
    const { merchant, method, out_trade_no, amount, currency, subject, return_url, notify_url, language } = fields;
    if (!merchant || !out_trade_no || !subject || !return_url || !notify_url) return null;
    if (!GATEWAY_METHODS.includes(method as GatewayMethod) || !AMOUNT.test(amount ?? '')) return null;
    if (currency !== 'CNY' && currency !== 'USD') return null;
    if (language !== 'zh-CN' && language !== 'en') return null;
    return {
      merchant, method: method as GatewayMethod, outTradeNo: out_trade_no, amount: Number(amount), currency, subject,
      returnUrl: return_url, notifyUrl: notify_url, language,
    };
  }

  /** The checkout's fields again, for the page's forms to carry to the next step. */
  checkoutFields(checkout: SandboxCheckout): Record<string, string> {
    return this.signed({
      merchant: checkout.merchant, method: checkout.method, out_trade_no: checkout.outTradeNo, amount: String(checkout.amount),
      currency: checkout.currency, subject: checkout.subject, return_url: checkout.returnUrl, notify_url: checkout.notifyUrl, language: checkout.language,
    });
  }

  /**
   * The signed notification of a buyer's choice on the sandbox page. Each one has a notify id of its own;
   * the trade number is the same for every notification of one checkout, as at a real gateway.
   */
  notificationFor(checkout: SandboxCheckout, status: 'paid' | 'failed'): Record<string, string> {
    return this.signed({
      notify_id: randomBytes(16).toString('hex'),
      out_trade_no: checkout.outTradeNo,
      gateway_trade_no: `SBX${createHmac('sha256', this.key).update(`trade:${checkout.outTradeNo}`).digest('hex').slice(0, 24)}`,
      amount: String(checkout.amount),
      currency: checkout.currency,
      status,
    });
  }

  verifyNotification({ fields }: ReceivedNotification): VerifiedNotification {
    if (!this.hasValidSign(fields)) return { ok: false, field: 'sign', reason: 'invalid' };
    const { notify_id, out_trade_no, gateway_trade_no, amount, currency, status } = fields;
    if (!notify_id) return { ok: false, field: 'notify_id', reason: 'blank' };
    if (!out_trade_no) return { ok: false, field: 'out_trade_no', reason: 'blank' };
    if (!gateway_trade_no) return { ok: false, field: 'gateway_trade_no', reason: 'blank' };
    if (!AMOUNT.test(amount ?? '')) return { ok: false, field: 'amount', reason: 'invalid' };
    if (!currency) return { ok: false, field: 'currency', reason: 'blank' };
    if (status !== 'paid' && status !== 'failed') return { ok: false, field: 'status', reason: 'invalid' };
    return { ok: true, notification: { notifyId: notify_id, outTradeNo: out_trade_no, gatewayTradeNo: gateway_trade_no, amount: Number(amount), currency, status } };
  }

  async refund(request: RefundRequest): Promise<{ refundNo: string }> {
    const earlier = this.refunds.find((r) => r.outRefundNo === request.outRefundNo);
    if (earlier) return { refundNo: earlier.refundNo };
    const refundNo = `SBXR${randomBytes(10).toString('hex')}`;
    this.refunds.push({ ...request, refundNo });
    if (this.refunds.length > 1000) this.refunds.shift();
    this.log?.info({ ...request, refundNo }, 'sandbox refund');
    return { refundNo };
  }
}
