/**
 * Red packets (docs/product/deals.md#red-packets, decisions/0040): events whose packets an account takes and
 * shares, and other accounts open part by part, each part's cash credited to the opener's wallet through
 * accounts' ledger (`creditWallet`). Above accounts; nothing below calls it.
 */
import type { ServerModule } from '../../platform/module.ts';
import { redPacketRoutes } from './routes.ts';
import { redPacketStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const redPacketsModule: ServerModule = {
  name: 'red-packets',
  routes: redPacketRoutes,
  staffRoutes: redPacketStaffRoutes,
  tables,
  features: ['red_packets'],
};
