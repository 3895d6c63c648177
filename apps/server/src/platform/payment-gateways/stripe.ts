import Stripe from 'stripe';
import type { Clock } from '../clock.ts';
import type { Checkout, CheckoutRequest, GatewayNotification, PaymentGateway, ReceivedNotification, RefundRequest, VerifiedNotification } from '../payment-gateway.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only for tests: the SDK talks to this origin (a local stub) instead of Stripe's API. */
  apiBase?: string;
}

/** How old a webhook's signed timestamp may be: Stripe's own default, which stops a captured event being replayed later. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

type Session = Stripe.Checkout.Session;

/** The SDK's connection options for an origin such as `http://127.0.0.1:4010` (the test stub). */
function connectionTo(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

/**
 * Stripe for the international site, through the official SDK: a hosted Checkout Session per attempt
 * (our out_trade_no as client_reference_id and metadata), webhooks verified over the raw body with the
 * endpoint's signing secret, and refunds of the session's PaymentIntent keyed by our refund number.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings, private readonly clock: Clock) {
    this.stripe = new Stripe(settings.secretKey, {
      ...connectionTo(settings.apiBase),
      // Every call carries an idempotency key, so retrying a lost answer never charges or refunds twice.
      maxNetworkRetries: 2,
      timeout: 10_000,
      telemetry: false,
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const back = new URL(request.returnUrl, request.siteUrl).toString();
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: request.outTradeNo,
      metadata: { out_trade_no: request.outTradeNo },
      payment_intent_data: { metadata: { out_trade_no: request.outTradeNo } },
      line_items: [{
        quantity: 1,
        price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.subject } },
      }],
      locale: request.language === 'zh-CN' ? 'zh' : 'en',
      // Both ends land on the store's checkout page, which asks pay_query how it went.
      success_url: back,
      cancel_url: back,
    }, { idempotencyKey: `checkout:${request.outTradeNo}` });
    if (!session.url) throw new Error(`stripe checkout session ${session.id} has no url`);
    return { url: session.url, method: 'GET', data: {} };
  }

  verifyNotification(received: ReceivedNotification): VerifiedNotification {
    const signature = received.headers['stripe-signature'];
    if (!signature) return { ok: false, field: 'sign', reason: 'blank' };
    let event: Stripe.Event;
    try {
      // The age is measured on the store's clock (in milliseconds, as the SDK takes it).
      const receivedAt = this.clock.now().getTime();
      event = this.stripe.webhooks.constructEvent(received.rawBody, signature, this.settings.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt);
    } catch {
      // A wrong secret, an altered body and a timestamp outside the tolerance all end here.
      return { ok: false, field: 'sign', reason: 'invalid' };
    }
    const status = statusOf(event);
    if (!status) return { ok: true, notification: null };
    return notificationOf(event.id, event.data.object as Session, status);
  }

  async refund(request: RefundRequest): Promise<{ refundNo: string }> {
    // A paid session's trade number is its PaymentIntent (notificationOf); nothing else can be refunded.
    if (!request.gatewayTradeNo?.startsWith('pi_')) throw new Error(`no payment intent to refund for ${request.outTradeNo}`);
    const refund = await this.stripe.refunds.create({
      payment_intent: request.gatewayTradeNo,
      amount: request.amount,
      ...(request.reason === 'duplicate_payment' && { reason: 'duplicate' as const }),
      metadata: { out_trade_no: request.outTradeNo, out_refund_no: request.outRefundNo, reason: request.reason },
    }, { idempotencyKey: request.outRefundNo });
    if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`stripe refund ${refund.id} is ${refund.status}`);
    return { refundNo: refund.id };
  }
}

/** What a Checkout Session event means for the attempt, or null for events the store does not act on. */
function statusOf(event: Stripe.Event): GatewayNotification['status'] | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed method (a bank debit) completes the session unpaid; its money is told by async_payment_succeeded.
      return event.data.object.payment_status === 'paid' ? 'paid' : 'pending';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'failed';
    default:
      return null;
  }
}

function notificationOf(eventId: string, session: Session, status: GatewayNotification['status']): VerifiedNotification {
  const outTradeNo = session.client_reference_id ?? session.metadata?.out_trade_no;
  // A session this store did not open (a payment link, another integration on the same account): not ours to judge.
  if (!outTradeNo) return { ok: true, notification: null };
  if (session.amount_total === null || !Number.isSafeInteger(session.amount_total)) return { ok: false, field: 'amount', reason: 'invalid' };
  if (!session.currency) return { ok: false, field: 'currency', reason: 'blank' };
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return {
    ok: true,
    notification: {
      notifyId: eventId,
      outTradeNo,
      // The PaymentIntent is what a refund names; an expired session may never have had one.
      gatewayTradeNo: paymentIntent ?? session.id,
      amount: session.amount_total,
      currency: session.currency.toUpperCase(),
      status,
    },
  };
}
