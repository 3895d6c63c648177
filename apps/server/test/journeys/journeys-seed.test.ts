import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { DEMO_JOURNEY_CODE, seedJourneysAndInvites } from '../../src/seed/journeys.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo journeys and invitations: a journey of the four kinds a site; demo@ and player@ each invited one friend. */
const { t } = useTestApp({ seed: [seedAccounts] });
beforeAll(async () => {
}, 180_000);

describe('seedJourneysAndInvites', () => {
  it('writes a journey a site whose code task the demo shoppers can complete, and one invitee each', { timeout: 60_000 }, async () => {
    expect(await seedJourneysAndInvites(t.deps)).toEqual({ journeys: 2, invites: 2 });
    const api = clients(t);
    const demos = await t.deps.db.select().from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
    for (const demo of demos) {
      const site = api[demo.homeArea];
      const token = (await startSession(t.deps, t.deps.db, demo.id, demo.homeArea)).accessToken;
      const tasks = (await site.get('/api/me/journey_tasks', { token })).json().journey_tasks;
      expect(tasks.map((task: { kind: string }) => task.kind)).toEqual(['share', 'redeem_code', 'bind_wechat', 'register']);
      const code = tasks[1];
      expect((await site.post(`/api/journeys/${code.journey_id}/journey_tasks/${code.id}/redeem_codes`, { code: DEMO_JOURNEY_CODE }, { token })).statusCode).toBe(201);
      const invited = (await site.get('/api/accounts_invite_registers', { token })).json();
      expect(invited.accounts_invite_registers).toEqual([expect.objectContaining({ state: 'registered' })]);
      expect((await site.get('/api/invite_register/new', { token })).json().invite_info.invite_code).toMatch(/^[2-9A-Z]{8}$/);
    }
  });
});
