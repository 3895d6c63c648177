import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { APPEAL_HOLD_MS, appealEvidenceScore, type AppealEvidence, type Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { appeals } from '../modules/appeals/tables.ts';

/**
 * One filed and one accepted (holding) appeal per site, for the staff API's queue and the contact's list
 * (docs/product/engagement.md#appeals). The contact addresses are the demo's own; their tracking link is had
 * with an appeal code sent to them (readable at /__dev/outbox). Rows only: nothing is reset.
 */
const PLAN: Array<{ area: Area; contact: string; filed: string; accepted: string; text: Record<'filed' | 'accepted', string> }> = [
  {
    area: 'native', contact: 'appeal.cn@lantern.test', filed: 'demo@lantern.test', accepted: 'muted@lantern.test',
    text: { filed: '手机丢失，无法接收验证码登录。', accepted: '密码忘记，原邮箱也无法登录了。' },
  },
  {
    area: 'abroad', contact: 'appeal.global@lantern.test', filed: 'player@lantern.test', accepted: 'groups@lantern.test',
    text: { filed: 'I lost my phone and cannot get sign-in codes.', accepted: 'I forgot the password and lost access to the old mailbox.' },
  },
];

export async function seedAppeals(deps: Deps) {
  const now = deps.clock.now();
  let seeded = 0;
  for (const plan of PLAN) {
    for (const kind of ['filed', 'accepted'] as const) {
      const [account] = await deps.db.select({ id: accounts.id, email: accounts.email, phone: accounts.phone }).from(accounts).where(eq(accounts.email, plan[kind]));
      if (!account) continue;
      const evidence: AppealEvidence = { password_matches: kind === 'accepted', game_owned: null, email_matches: true, phone_matches: false, city_given: true, attachments: 0 };
      const acceptedAt = kind === 'accepted' ? new Date(now.getTime() - 3_600_000) : null;
      await deps.db.insert(appeals).values({
        area: plan.area, accountId: account.id, connectEmail: plan.contact, knownEmail: account.email, knownPhone: null,
        city: plan.area === 'native' ? '杭州' : 'Lisbon', game: null, description: plan.text[kind], attachments: [], evidence,
        score: appealEvidenceScore(evidence), state: kind === 'accepted' ? 'holding' : 'filed', signatureNonce: `seed-${randomBytes(12).toString('base64url')}`,
        acceptedAt, holdEndsAt: acceptedAt && new Date(acceptedAt.getTime() + APPEAL_HOLD_MS),
        createdAt: new Date(now.getTime() - 2 * 3_600_000), updatedAt: now,
      });
      seeded++;
    }
  }
  return { appeals: seeded };
}
