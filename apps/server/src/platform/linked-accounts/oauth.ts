import { createHash, randomBytes } from 'node:crypto';
import type { KeyValueStore } from '../kv.ts';

/**
 * OAuth 2.0 authorization-code login as WeChat (web QR connect) and Weibo speak it (docs/product/linked-accounts.md#wechat-and-weibo):
 * the browser goes to the provider's authorize page with our `state`; the provider sends it back to our
 * redirect URI with a one-time `code`; the server exchanges the code, with the app's secret, for the user's
 * id. The real adapters call the providers; the sandbox is a provider of its own served by this server.
 */
export type OAuthKind = 'wechat' | 'weibo';

export interface OAuthIdentity {
  /** The provider's stable id of the user (WeChat unionid, else openid; Weibo uid). */
  externalId: string;
  /** What the store shows as the binding (`show_id`): the user's nickname there. */
  displayName: string;
}

/** Why a code is refused: never issued or for another redirect (`invalid`), used before (`used`), too old (`expired`). */
export class OAuthRefusal extends Error {
  constructor(readonly reason: 'invalid' | 'used' | 'expired') {
    super(`oauth code ${reason}`);
  }
}

export interface OAuthProvider {
  readonly kind: OAuthKind;
  readonly sandbox: boolean;
  authorizeUrl(origin: string, redirectUri: string, state: string): string;
  /** Exchanges a code for the user's identity; throws OAuthRefusal for a code the provider refuses. */
  exchange(code: string, redirectUri: string): Promise<OAuthIdentity>;
}

// ---------------------------------------------------------------------------------------------------------
// Real adapters

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return (await res.json()) as Record<string, unknown>;
}

/** WeChat Open Platform website login (snsapi_login). */
export class WechatOAuth implements OAuthProvider {
  readonly kind = 'wechat' as const;
  readonly sandbox = false;
  constructor(private readonly appId: string, private readonly secret: string) {}

  authorizeUrl(_origin: string, redirectUri: string, state: string): string {
    const q = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
    return `https://open.weixin.qq.com/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  async exchange(code: string): Promise<OAuthIdentity> {
    const q = new URLSearchParams({ appid: this.appId, secret: this.secret, code, grant_type: 'authorization_code' });
    const token = await getJson(`https://api.weixin.qq.com/sns/oauth2/access_token?${q.toString()}`);
    // 40163: code been used; 40029: invalid code; 42003: code expired.
    if (token.errcode === 40163) throw new OAuthRefusal('used');
    if (token.errcode === 42003) throw new OAuthRefusal('expired');
    if (typeof token.openid !== 'string' || typeof token.access_token !== 'string') throw new OAuthRefusal('invalid');
    const info = await getJson(`https://api.weixin.qq.com/sns/userinfo?${new URLSearchParams({ access_token: token.access_token, openid: token.openid }).toString()}`);
    const externalId = typeof token.unionid === 'string' ? token.unionid : token.openid;
    return { externalId, displayName: typeof info.nickname === 'string' ? info.nickname : token.openid };
  }
}

/** Weibo OAuth 2.0. */
export class WeiboOAuth implements OAuthProvider {
  readonly kind = 'weibo' as const;
  readonly sandbox = false;
  constructor(private readonly appKey: string, private readonly secret: string) {}

  authorizeUrl(_origin: string, redirectUri: string, state: string): string {
    const q = new URLSearchParams({ client_id: this.appKey, redirect_uri: redirectUri, response_type: 'code', state });
    return `https://api.weibo.com/oauth2/authorize?${q.toString()}`;
  }

  async exchange(code: string, redirectUri: string): Promise<OAuthIdentity> {
    const body = new URLSearchParams({ client_id: this.appKey, client_secret: this.secret, grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const token = await getJson('https://api.weibo.com/oauth2/access_token', { method: 'POST', body });
    if (typeof token.uid !== 'string' || typeof token.access_token !== 'string') throw new OAuthRefusal('invalid');
    const user = await getJson(`https://api.weibo.com/2/users/show.json?${new URLSearchParams({ access_token: token.access_token, uid: token.uid }).toString()}`);
    return { externalId: token.uid, displayName: typeof user.screen_name === 'string' ? user.screen_name : token.uid };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sandbox

/** How long a sandbox code may be exchanged, as the real providers allow (minutes). */
export const SANDBOX_CODE_TTL_SECONDS = 5 * 60;

interface SandboxGrant {
  redirectUri: string;
  externalId: string;
  displayName: string;
}

/**
 * The sandbox provider: its authorize page is served by this server (`/sandbox/oauth/{kind}/authorize`,
 * linked-accounts module), where the tester picks the account to sign in as; it then issues a one-time code
 * kept in the key-value store (shared across instances with Redis). A code is taken on exchange, so a replayed
 * code is refused, as the real providers do.
 */
export class SandboxOAuth implements OAuthProvider {
  readonly sandbox = true;
  constructor(readonly kind: OAuthKind, private readonly kv: KeyValueStore) {}

  authorizeUrl(origin: string, redirectUri: string, state: string): string {
    return `${origin}/sandbox/oauth/${this.kind}/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state }).toString()}`;
  }

  private key(code: string) {
    return `oauth-sandbox:${this.kind}:${createHash('sha256').update(code).digest('hex')}`;
  }

  /** What the sandbox's authorize page does when the tester signs in: a code for that redirect. */
  async issueCode(redirectUri: string, externalId: string, displayName: string): Promise<string> {
    const code = randomBytes(16).toString('hex');
    await this.kv.set(this.key(code), JSON.stringify({ redirectUri, externalId, displayName } satisfies SandboxGrant), SANDBOX_CODE_TTL_SECONDS);
    // Remembered after use too, so a replay says `used` rather than `invalid`.
    await this.kv.set(`${this.key(code)}:issued`, '1', 24 * 3600);
    return code;
  }

  async exchange(code: string, redirectUri: string): Promise<OAuthIdentity> {
    const raw = await this.kv.take(this.key(code));
    if (raw === null) throw new OAuthRefusal((await this.kv.get(`${this.key(code)}:issued`)) ? 'used' : 'invalid');
    const grant = JSON.parse(raw) as SandboxGrant;
    if (grant.redirectUri !== redirectUri) throw new OAuthRefusal('invalid');
    return { externalId: grant.externalId, displayName: grant.displayName };
  }
}
