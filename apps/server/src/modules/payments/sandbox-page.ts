import type { Language } from '@lantern/domain';
import type { GatewayMethod } from '../../platform/payment-gateway.ts';
import type { SandboxCheckout } from '../../platform/payment-gateways/sandbox.ts';

/**
 * The sandbox gateway's checkout page: self-contained HTML (no script, inline style), in the site's
 * language, showing what a real cashier shows — merchant, amount, order — with Pay, Fail and Cancel.
 * Every value is escaped; the signed checkout fields ride along as hidden inputs.
 */

const TEXT = {
  'zh-CN': {
    title: '沙盒收银台', merchant: '商户', order: '订单', amount: '金额', method: '支付方式', trade: '交易号',
    pay: '支付', fail: '支付失败', cancel: '取消', note: '这是沙盒支付：不会产生真实扣款。', invalid: '支付请求无效或已被篡改。',
    methods: { alipay: '支付宝', wechat: '微信支付', paypal: 'PayPal', card: '银行卡' },
  },
  en: {
    title: 'Sandbox checkout', merchant: 'Merchant', order: 'Order', amount: 'Amount', method: 'Method', trade: 'Trade number',
    pay: 'Pay', fail: 'Fail', cancel: 'Cancel', note: 'This is a sandbox payment: no real money moves.', invalid: 'This payment request is invalid or was altered.',
    methods: { alipay: 'Alipay', wechat: 'WeChat Pay', paypal: 'PayPal', card: 'Card' },
  },
} satisfies Record<Language, Record<string, unknown> & { methods: Record<GatewayMethod, string> }>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Minor units as a price: integer arithmetic only (no floating point on money, docs/product/README.md#api-conventions). */
export function formatAmount(amount: number, currency: 'CNY' | 'USD'): string {
  const units = Math.floor(amount / 100).toLocaleString('en-US');
  return `${currency === 'CNY' ? '¥' : '$'}${units}.${String(amount % 100).padStart(2, '0')}`;
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#0f1115;color:#e8e8ea}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#181b21;border-radius:12px;border:1px solid #2a2f38}
h1{font-size:1.25rem;margin:0 0 1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#9aa0aa}dd{margin:0;word-break:break-all}
.amount{font-size:1.5rem;font-weight:700}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #3a404b;background:#232831;color:inherit;cursor:pointer}
button:focus-visible{outline:3px solid #7aa2ff;outline-offset:2px}
button.pay{background:#2f6fed;border-color:#2f6fed;color:#fff}
p.note{color:#9aa0aa;font-size:.875rem;margin:1.5rem 0 0}`;

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(language: Language, checkout: SandboxCheckout, fields: Record<string, string>): string {
  const t = TEXT[language];
  const base = `/sandbox/pay/${encodeURIComponent(checkout.outTradeNo)}`;
  const hidden = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
  const body = `<h1>${escapeHtml(t.title)}</h1>`
    + `<dl><dt>${t.merchant}</dt><dd>${escapeHtml(checkout.merchant)}</dd>`
    + `<dt>${t.order}</dt><dd>${escapeHtml(checkout.subject)}</dd>`
    + `<dt>${t.method}</dt><dd>${escapeHtml(t.methods[checkout.method])}</dd>`
    + `<dt>${t.trade}</dt><dd>${escapeHtml(checkout.outTradeNo)}</dd>`
    + `<dt>${t.amount}</dt><dd class="amount" data-testid="amount">${escapeHtml(formatAmount(checkout.amount, checkout.currency))}</dd></dl>`
    + `<form method="post" action="${base}/pay">${hidden}<div class="actions">`
    + `<button class="pay" type="submit">${t.pay}</button>`
    + `<button type="submit" formaction="${base}/fail">${t.fail}</button>`
    + `<button type="submit" formaction="${base}/cancel">${t.cancel}</button>`
    + `</div></form><p class="note">${t.note}</p>`;
  return layout(language, `${t.title} · ${checkout.merchant}`, body);
}

export function invalidCheckoutPage(language: Language): string {
  const t = TEXT[language];
  return layout(language, t.title, `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.invalid)}</p>`);
}
