import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { Checkout, CheckoutRequest, GatewayNotification, PaymentGateway, ReceivedNotification, RefundRequest, VerifiedNotification } from '../payment-gateway.ts';
import { fenToYuan, yuanToFen } from './yuan.ts';

export interface AlipaySettings {
  appId: string;
  /** The application's RSA private key: PEM, or the bare base64 Alipay's key tool prints (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** Alipay's RSA public key for this application: PEM, or bare base64. */
  alipayPublicKey: string;
  /** Only for tests: the OpenAPI gateway url (a local stub) instead of Alipay's. */
  gateway?: string;
}

/** Reads a key as PEM or bare base64 DER; a bad key stops the server at start with the variable's name. */
function readKey(name: string, text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.includes('-----BEGIN');
  const der = () => Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const attempts: Array<() => KeyObject> = kind === 'private'
    ? [() => createPrivateKey(text), () => createPrivateKey({ key: der(), format: 'der', type: 'pkcs8' }), () => createPrivateKey({ key: der(), format: 'der', type: 'pkcs1' })]
    : [() => createPublicKey(text), () => createPublicKey({ key: der(), format: 'der', type: 'spki' }), () => createPublicKey({ key: der(), format: 'der', type: 'pkcs1' })];
  for (const attempt of pem ? attempts.slice(0, 1) : attempts.slice(1)) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // try the next encoding
    }
  }
  throw new Error(`Invalid configuration:\n  ${name}: not an RSA ${kind} key (PEM or base64)`);
}

/** Alipay's page-pay product: the buyer pays on Alipay's cashier page in the browser. */
const PAGE_PAY_PRODUCT = 'FAST_INSTANT_TRADE_PAY';
/** What a trade_status means for the attempt; WAIT_BUYER_PAY and anything new change nothing. */
const STATUS_OF_TRADE: Record<string, GatewayNotification['status']> = {
  TRADE_SUCCESS: 'paid',
  // Sent when the refund window closes on a paid trade: the same money again, which the store ignores.
  TRADE_FINISHED: 'paid',
  // An unpaid trade timed out, or a paid one was fully refunded (a failure never undoes money that arrived).
  TRADE_CLOSED: 'failed',
  WAIT_BUYER_PAY: 'pending',
};

/**
 * Alipay for the mainland site, through the official SDK: `alipay.trade.page.pay` as a signed GET
 * redirect, asynchronous notifications verified with Alipay's public key (RSA2 over the sorted
 * parameters), refunds through `alipay.trade.refund` with our refund number as `out_request_no`, Alipay's
 * idempotency key. Amounts cross as yuan strings and are converted to fen exactly (yuan.ts).
 */
export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay';
  private readonly sdk: AlipaySdk;

  constructor(private readonly settings: AlipaySettings) {
    const privateKey = readKey('ALIPAY_PRIVATE_KEY', settings.privateKey, 'private').export({ type: 'pkcs8', format: 'pem' }).toString();
    const alipayPublicKey = readKey('ALIPAY_PUBLIC_KEY', settings.alipayPublicKey, 'public').export({ type: 'spki', format: 'pem' }).toString();
    this.sdk = new AlipaySdk({
      appId: settings.appId, privateKey, keyType: 'PKCS8', alipayPublicKey, signType: 'RSA2', timeout: 10_000,
      ...(settings.gateway && { gateway: settings.gateway }),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.currency !== 'CNY') throw new Error(`alipay page pay takes yuan, not ${request.currency}`);
    const link = this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: request.outTradeNo,
        total_amount: fenToYuan(request.amount),
        subject: request.subject,
        product_code: PAGE_PAY_PRODUCT,
      },
      return_url: new URL(request.returnUrl, request.siteUrl).toString(),
      notify_url: request.notifyUrl,
    });
    // The /blank page submits a form, and a GET form replaces the action's query with its fields: so the
    // signed parameters travel as the form's fields, to the bare gateway url.
    const url = new URL(link);
    const data = Object.fromEntries(url.searchParams);
    return { url: `${url.origin}${url.pathname}`, method: 'GET', data };
  }

  verifyNotification({ fields }: ReceivedNotification): VerifiedNotification {
    // Only RSA2 is accepted: the SDK would otherwise let the notification pick the weaker RSA-SHA1.
    if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2') return { ok: false, field: 'sign_type', reason: 'invalid' };
    if (!fields.sign || !this.hasValidSign(fields)) return { ok: false, field: 'sign', reason: 'invalid' };
    if (fields.app_id !== this.settings.appId) return { ok: false, field: 'app_id', reason: 'invalid' };
    const { notify_id, out_trade_no, trade_no, total_amount, trade_status } = fields;
    if (!notify_id) return { ok: false, field: 'notify_id', reason: 'blank' };
    if (!out_trade_no) return { ok: false, field: 'out_trade_no', reason: 'blank' };
    if (!trade_no) return { ok: false, field: 'trade_no', reason: 'blank' };
    const amount = yuanToFen(total_amount ?? '');
    if (amount === null) return { ok: false, field: 'total_amount', reason: 'invalid' };
    const status = STATUS_OF_TRADE[trade_status ?? ''];
    if (!status) return { ok: false, field: 'trade_status', reason: 'invalid' };
    // Page pay on the mainland settles in yuan; a trade in another currency says so, and is then refused as a mismatch.
    const currency = fields.trans_currency ?? fields.currency ?? 'CNY';
    return { ok: true, notification: { notifyId: notify_id, outTradeNo: out_trade_no, gatewayTradeNo: trade_no, amount, currency, status } };
  }

  private hasValidSign(fields: Record<string, string>): boolean {
    try {
      // V2 checks the values as received (already form-decoded), not decoded a second time.
      return this.sdk.checkNotifySignV2(fields);
    } catch {
      return false;
    }
  }

  async refund(request: RefundRequest): Promise<{ refundNo: string }> {
    const result = await this.sdk.exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: request.outTradeNo,
        ...(request.gatewayTradeNo && { trade_no: request.gatewayTradeNo }),
        refund_amount: fenToYuan(request.amount),
        refund_reason: request.reason,
        out_request_no: request.outRefundNo,
      },
    }, { validateSign: true });
    if (result.code !== '10000') throw new Error(`alipay refund refused: ${result.code} ${result.subCode ?? ''} ${result.subMsg ?? result.msg}`);
    // Alipay names a refund by its trade and our out_request_no; there is no refund id of its own.
    return { refundNo: `${result.tradeNo ?? request.gatewayTradeNo}:${request.outRefundNo}` };
  }
}
