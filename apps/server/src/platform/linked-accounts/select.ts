import type { Config } from '../../config.ts';
import type { KeyValueStore } from '../kv.ts';
import { SandboxOAuth, WechatOAuth, WeiboOAuth, type OAuthKind, type OAuthProvider } from './oauth.ts';
import { RealSteamOpenId, RealSteamWebApi, SandboxSteamOpenId, SandboxSteamWebApi, type SteamOpenId, type SteamWebApi } from './steam.ts';

/**
 * The outside parties behind linked accounts (decisions/0024): Steam's OpenID and Web API, WeChat and Weibo
 * OAuth. Each is the real adapter when its keys are configured, else the sandbox where allowed (outside
 * production, or a production server that said `ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION=staging`), else
 * null: that provider is unavailable, and binding it answers `provider_unavailable`.
 */
export interface LinkedAccountProviders {
  steamOpenId: SteamOpenId | null;
  steamWebApi: SteamWebApi | null;
  oauth: Record<OAuthKind, OAuthProvider | null>;
  /**
   * Whether Steam's assertion may sign someone in. The real Steam proves the SteamID; the sandbox lets the tester
   * type any SteamID, and a SteamID is public (a personal page shows it), so outside local development and tests
   * (production, staging included) the sandbox only binds and never signs anyone in as an account.
   */
  steamSignIn: boolean;
}

export function composeLinkedAccountProviders(config: Config, kv: KeyValueStore): LinkedAccountProviders {
  const settings = config.linkedAccounts;
  const sandbox = settings.sandbox;
  return {
    steamOpenId: settings.steamWebApiKey ? new RealSteamOpenId() : sandbox ? new SandboxSteamOpenId(config.appSecret) : null,
    steamSignIn: Boolean(settings.steamWebApiKey) || (sandbox && config.NODE_ENV !== 'production'),
    steamWebApi: settings.steamWebApiKey ? new RealSteamWebApi(settings.steamWebApiKey) : sandbox ? new SandboxSteamWebApi() : null,
    oauth: {
      wechat: settings.wechat ? new WechatOAuth(settings.wechat.appId, settings.wechat.secret) : sandbox ? new SandboxOAuth('wechat', kv) : null,
      weibo: settings.weibo ? new WeiboOAuth(settings.weibo.appKey, settings.weibo.secret) : sandbox ? new SandboxOAuth('weibo', kv) : null,
    },
  };
}
