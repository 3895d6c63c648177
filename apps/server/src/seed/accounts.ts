import { maskCredential, maskRealName } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { creditWallet } from '../modules/accounts/index.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';

/** Password of every demo account, given in the README and docs/demo-data.md. */
export const DEMO_PASSWORD = 'Lantern2026';

interface DemoAccount {
  nickname: string;
  email: string;
  phone?: string;
  homeArea: 'native' | 'abroad';
  role?: 'user' | 'editor' | 'group_admin' | 'staff' | 'admin';
  identity?: { name: string; id: string; birth: string };
  muted?: boolean;
  wallet?: { CNY?: number; USD?: number };
  /** Still due to see the beginners' guide, as a new account after sign-up is (docs/product/screens.md#guide). */
  guideDue?: boolean;
  /** One of the store's own team, whatever its role (joined long ago). */
  team?: boolean;
}

const DEMO: DemoAccount[] = [
  { nickname: '灯笼玩家', email: 'demo@lantern.test', phone: '13800138000', homeArea: 'native', identity: { name: '张伟', id: '11010519491231002X', birth: '1949-12-31' }, wallet: { CNY: 128_00 } },
  { nickname: 'NightOwl', email: 'player@lantern.test', homeArea: 'abroad', wallet: { USD: 25_00 } },
  { nickname: '头条编辑', email: 'editor@lantern.test', homeArea: 'native', role: 'editor' },
  // A group moderator by appointment, not by role (seed/group-moderators.ts; decisions/0043).
  { nickname: 'GroupKeeper', email: 'groups@lantern.test', homeArea: 'abroad', team: true },
  { nickname: '灯笼客服', email: 'staff@lantern.test', homeArea: 'native', role: 'staff' },
  { nickname: 'Admin', email: 'admin@lantern.test', homeArea: 'abroad', role: 'admin' },
  { nickname: '禁言用户', email: 'muted@lantern.test', homeArea: 'native', muted: true },
  { nickname: 'Newcomer', email: 'newcomer@lantern.test', homeArea: 'abroad', guideDue: true },
];

/**
 * The store's own team (editor, group moderator, staff, admin) joined long ago: a member's first days are paced
 * harder (docs/product/limits.md#community-moderation), and an editor who could submit 3 articles a day, 120 s
 * apart, would not be the demo of an editor's day (nor let the end-to-end tests of both sites write theirs).
 */
const TEAM_JOINED_DAYS_AGO = 400;

export async function seedAccounts(deps: Deps) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = deps.clock.now();
  for (const demo of DEMO) {
    const [row] = await deps.db
      .insert(accounts)
      .values({
        nickname: demo.nickname,
        email: demo.email,
        phone: demo.phone ?? null,
        passwordHash,
        homeArea: demo.homeArea,
        region: demo.homeArea === 'native' ? 'cn' : 'global',
        role: demo.role ?? 'user',
        ...(((demo.role && demo.role !== 'user') || demo.team) && { createdAt: new Date(now.getTime() - TEAM_JOINED_DAYS_AGO * 86_400_000) }),
        ...(demo.guideDue && { guideCompletedAt: null }),
        mutedUntil: demo.muted ? new Date(Date.now() + 30 * 86_400_000) : null,
        ...(demo.identity && {
          realNameEnc: deps.secrets.encrypt(demo.identity.name),
          realNameMasked: maskRealName(demo.identity.name),
          credentialHash: deps.secrets.hmac(demo.identity.id),
          credentialMasked: maskCredential(demo.identity.id),
          birthDate: demo.identity.birth,
          identifiedAt: new Date(),
        }),
      })
      .returning({ id: accounts.id });
    // A top-up with its ledger row, so the wallet page's history explains the balance.
    for (const [currency, balance] of Object.entries(demo.wallet ?? {}) as ['CNY' | 'USD', number][]) {
      await creditWallet(deps.db, { accountId: row!.id, currency, amount: balance, reason: 'top_up', now: new Date() });
    }
  }
}
