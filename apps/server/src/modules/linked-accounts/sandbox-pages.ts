import { randomInt } from 'node:crypto';

/**
 * The sandbox providers' sign-in pages (docs/product/linked-accounts.md#sandbox): a plain form that says it is
 * a sandbox and lets the tester choose who to sign in as. Served by this server only while the sandbox is the
 * provider; every value written into the page is escaped.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font:15px system-ui,sans-serif;background:#0b0f17;color:#e8ecf3;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#141a26;padding:28px;border-radius:16px;max-width:420px;width:calc(100% - 32px);box-shadow:0 10px 40px #0008}
h1{font-size:20px;margin:0 0 4px}p{color:#9aa5b8;margin:0 0 16px}label{display:block;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #2b3548;background:#0b0f17;color:#e8ecf3}
button{margin-top:18px;width:100%;padding:11px;border:0;border-radius:10px;background:#f5a524;color:#111;font-weight:700;cursor:pointer}
.tag{display:inline-block;background:#f5a52422;color:#f5a524;border-radius:6px;padding:2px 8px;font-size:12px;margin-bottom:10px}</style></head>
<body><main><span class="tag">SANDBOX</span>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join('');

/** A SteamID64 the sandbox suggests: public profile (it never ends in 0000, the sandbox's private ones). */
export const suggestedSteamId = () => `7656119${String(randomInt(1, 9_999_999)).padStart(7, '0')}${String(randomInt(1, 999)).padStart(3, '0')}`.replace(/0000$/, '0001');

export function steamLoginPage(fields: { returnTo: string; realm: string }): string {
  return page('Steam sign-in (sandbox)', `<h1>Sign in through Steam</h1><p>${escape(fields.realm)} asks to know your SteamID. This sandbox stands in for Steam; a SteamID ending in 0000 has a private profile.</p>
<form method="post">${hidden({ return_to: fields.returnTo, realm: fields.realm })}<label for="steam_id">SteamID64</label><input id="steam_id" name="steam_id" value="${suggestedSteamId()}" pattern="7656119\\d{10}" required data-testid="sandbox-steam-id">
<button type="submit" data-testid="sandbox-steam-sign-in">Sign in</button></form>`);
}

export function oauthAuthorizePage(kind: 'wechat' | 'weibo', fields: { redirectUri: string; state: string }): string {
  const name = kind === 'wechat' ? 'WeChat' : 'Weibo';
  const id = `${kind}_${randomInt(100_000, 999_999)}`;
  return page(`${name} sign-in (sandbox)`, `<h1>Sign in with ${name}</h1><p>This sandbox stands in for ${name}: choose the account to sign in as.</p>
<form method="post">${hidden({ redirect_uri: fields.redirectUri, state: fields.state })}<label for="external_id">${name} id</label><input id="external_id" name="external_id" value="${id}" required maxlength="64">
<label for="display_name">Nickname</label><input id="display_name" name="display_name" value="${name} player ${id.slice(-4)}" required maxlength="40">
<button type="submit" data-testid="sandbox-oauth-sign-in">Allow</button></form>`);
}
