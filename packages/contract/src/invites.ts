import { z } from 'zod';
import { INVITE_STATES } from '@lantern/domain';
import { timestamp } from './common.ts';

/** Invitations (docs/product/engagement.md#invitations). */
export const inviteInfo = z.object({
  invite_code: z.string(),
  invite_link: z.string(),
  reward_points: z.number().int(),
  invited_count: z.number().int(),
  rewarded_count: z.number().int(),
});
/** GET /api/invite_register/new: the account's own invite info; with `invite_code`, who invites (for the sign-up page, guests too). */
export const inviteRegisterNewQuery = z.object({ invite_code: z.string().max(32).optional() });
export const inviteRegisterNewResponse = z.object({
  invite_info: inviteInfo.nullable(),
  inviter: z.object({ nickname: z.string(), avatar_url: z.string().nullable() }).nullable(),
});

export const accountInviteRegister = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string().nullable(),
  state: z.enum(INVITE_STATES),
  reward_points: z.number().int(),
  created_at_timestamp: timestamp,
  rewarded_at_timestamp: timestamp.nullable(),
});
export const accountsInviteRegistersQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const accountsInviteRegistersResponse = z.object({
  accounts_invite_registers: z.array(accountInviteRegister),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }),
});

/** Third-party shapes: `{ code: 0, data }` on success. */
export const inviteRegisterInfoQuery = z.object({ generalTaskId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const inviteRegisterInfoResponse = z.object({
  code: z.number().int(),
  data: z.object({ generalTaskId: z.number().int(), invite_code: z.string(), invited_count: z.number().int(), rewarded_count: z.number().int(), reward_points: z.number().int() }),
});
export const inviteCodeResponse = z.object({ code: z.number().int(), data: z.object({ invite_code: z.string(), invite_link: z.string() }) });

export type InviteInfo = z.infer<typeof inviteInfo>;
export type AccountInviteRegister = z.infer<typeof accountInviteRegister>;

export { INVITES_API } from './paths/invites.ts';
