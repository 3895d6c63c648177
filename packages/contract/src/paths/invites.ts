// The invites API paths, apart from its schemas (invites.ts re-exports them): see src/paths/README.md.

/** The invitation calls (docs/product/engagement.md#invitations); the third-party ones are outside /api. */
export const INVITES_API = {
  inviteRegisterNew: '/api/invite_register/new',
  invited: '/api/accounts_invite_registers',
  registerInfo: '/support/lottery/client/invite/register/info',
  code: '/support/lottery/client/invite/code',
} as const;
