import type { Area, Language } from '@lantern/domain';

/** The methods a gateway takes money for; wallet and points are paid inside the store. */
export type GatewayMethod = 'alipay' | 'wechat' | 'paypal' | 'card';

export interface CheckoutRequest {
  method: GatewayMethod;
  /** Our reference for this attempt: random, unguessable, unique. */
  outTradeNo: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: 'CNY' | 'USD';
  subject: string;
  area: Area;
  language: Language;
  /** The public origin of the order's site (`https://store.example.com`), for gateways that want absolute urls. */
  siteUrl: string;
  /** Where the gateway sends the buyer's browser back to (a path on the store's site). */
  returnUrl: string;
  /** Where the gateway posts its signed asynchronous notification. */
  notifyUrl: string;
}

/** A signed redirect: the web's /blank page submits `data` to `url` as a form with `method`. */
export interface Checkout {
  url: string;
  method: 'POST' | 'GET';
  data: Record<string, string>;
}

export interface GatewayNotification {
  /** The gateway's id of this notification (Stripe's event id, Alipay's notify_id): it is applied once. */
  notifyId: string;
  outTradeNo: string;
  gatewayTradeNo: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** `pending`: the trade exists but no money moved yet (a delayed method); recorded, changes nothing. */
  status: 'paid' | 'failed' | 'pending';
}

/** A notification as it reached the notify endpoint, before anyone trusted it. */
export interface ReceivedNotification {
  /** The body exactly as sent: signatures over the raw bytes (Stripe) are checked on this. */
  rawBody: string;
  /** The body's flat string fields (form or JSON), for gateways that sign fields (sandbox, Alipay). */
  fields: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
}

/**
 * A verified notification; or a genuine one about nothing the store acts on (another kind of event), which
 * is acknowledged so the gateway stops sending it; or which field is wrong and why (a stable reason code).
 */
export type VerifiedNotification =
  | { ok: true; notification: GatewayNotification }
  | { ok: true; notification: null }
  | { ok: false; field: string; reason: 'invalid' | 'blank' };

export interface RefundRequest {
  /** Our reference for the refund: asking twice with the same one refunds once (the gateway's idempotency key). */
  outRefundNo: string;
  outTradeNo: string;
  gatewayTradeNo: string | null;
  amount: number;
  currency: string;
  reason: string;
}

/**
 * A payment provider. Every outside party sits behind an interface, and the sandbox speaks the same
 * protocol shape as a real one — signed redirect, signed asynchronous notify, idempotent refunds — so the
 * payments module never knows which one it talks to (docs/decisions/0005-payments.md).
 */
export interface PaymentGateway {
  /** The `:gateway` of its notify path, `/api/payments/notify/:gateway`; also recorded on each attempt. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the signature and shape of a notification as received. Never trusts anything before that. */
  verifyNotification(received: ReceivedNotification): VerifiedNotification;
  /** Gives money back; answers the gateway's refund reference. Throws when the gateway refuses or is unreachable. */
  refund(request: RefundRequest): Promise<{ refundNo: string }>;
}
