/**
 * Invitations (docs/product/engagement.md#invitations). Above accounts, orders and linked-accounts: a sign-up
 * through a code is recorded by accounts' sign-up step, and the invitee qualifies through accounts' milestones
 * (a phone or e-mail bound), linked-accounts' follow-up (WeChat bound) and orders' fulfilment step (a first paid
 * order), all provided in `setup`, so none of them imports this module.
 */
import type { ServerModule } from '../../platform/module.ts';
import { provideMilestoneListener, provideSignUpStep } from '../accounts/index.ts';
import { provideBindFollowUp } from '../linked-accounts/index.ts';
import { registerFulfilmentStep } from '../orders/index.ts';
import { inviteePurchaseStep, qualifyInvitee, recordInvitee } from './invites.ts';
import { inviteRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const invitesModule: ServerModule = {
  name: 'invites',
  routes: inviteRoutes,
  tables,
  setup: () => {
    provideSignUpStep('invites', recordInvitee);
    provideMilestoneListener('invites', async (tx, deps, accountId, milestone) => {
      await qualifyInvitee(tx, deps, accountId, milestone);
    });
    provideBindFollowUp('invites', async (deps, accountId, _area, kind) => {
      if (kind === 'wechat') await deps.db.transaction((tx) => qualifyInvitee(tx, deps, accountId, 'bind_wechat'));
      return [];
    });
    registerFulfilmentStep(inviteePurchaseStep);
  },
};

export { inviteCodeOf, qualifyInvitee } from './invites.ts';
