import type { Logger } from 'pino';
import type { Area } from '@lantern/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import type { GatewayMethod, PaymentGateway } from '../payment-gateway.ts';
import { AlipayGateway } from './alipay.ts';
import { SandboxGateway } from './sandbox.ts';
import { StripeGateway } from './stripe.ts';

type Provider = 'alipay' | 'stripe';

/**
 * Which real provider takes each method on each site. A method missing here (WeChat Pay, PayPal) has no real
 * provider yet: the sandbox serves it where the sandbox is allowed, and elsewhere it is unavailable.
 */
const PROVIDERS: Record<Area, Partial<Record<GatewayMethod, Provider>>> = {
  native: { alipay: 'alipay' },
  abroad: { card: 'stripe' },
};

/** The provider a site depends on: without it configured, the site takes money only through the sandbox. */
export const SITE_PROVIDER: Record<Area, Provider> = { native: 'alipay', abroad: 'stripe' };

/**
 * The gateways of this server, chosen by configuration: Alipay on the mainland and Stripe abroad when
 * their settings are present; the sandbox for the rest, but only outside production (or on a staging
 * server that says so, config.ts). Notifications find their gateway by the name in their path.
 */
export class PaymentGateways {
  private readonly byProvider: Partial<Record<Provider, PaymentGateway>>;

  constructor(real: Partial<Record<Provider, PaymentGateway>>, readonly sandbox: SandboxGateway | null) {
    this.byProvider = real;
  }

  /** The gateway that takes `method` on the site of `area`, or null when none may (the method is unavailable). */
  gatewayFor(area: Area, method: GatewayMethod): PaymentGateway | null {
    const provider = PROVIDERS[area][method];
    return (provider && this.byProvider[provider]) || this.sandbox;
  }

  /** The gateway whose notify path is `/api/payments/notify/:name`, or null (404). */
  byName(name: string): PaymentGateway | null {
    return [this.byProvider.alipay, this.byProvider.stripe, this.sandbox].find((g) => g?.name === name) ?? null;
  }
}

/** Builds the gateways the configuration asks for; a bad key stops the server here, naming its variable. */
export function composePaymentGateways(config: Config, clock: Clock, log: Logger): PaymentGateways {
  const { stripe, alipay, sandbox } = config.payments;
  if (sandbox === 'staging') {
    const sitesWithoutProvider = (Object.keys(SITE_PROVIDER) as Area[]).filter((area) => !config.payments[SITE_PROVIDER[area]]);
    log.warn(
      { sitesWithoutProvider },
      'SANDBOX PAYMENTS ARE ON IN PRODUCTION (ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=staging): every payment method without a real '
        + 'provider is "paid" on the sandbox page without any money. Only a staging server may run like this.',
    );
  }
  if (config.PAYMENT_GATEWAY) log.warn('PAYMENT_GATEWAY=sandbox is deprecated: set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=staging instead');
  return new PaymentGateways(
    {
      ...(alipay && { alipay: new AlipayGateway(alipay) }),
      ...(stripe && { stripe: new StripeGateway(stripe, clock) }),
    },
    sandbox === 'off' ? null : new SandboxGateway(config.appSecret, log),
  );
}
