import { describe, expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedModeration } from '../../src/seed/moderation.ts';
import { screenText } from '../../src/modules/moderation/index.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo moderation data: watched words on both sites, open reports in the staff queue, the muted account's record. */
const { t } = useTestApp({ seed: [seedAccounts] });

describe('seedModeration', () => {
  it('writes watched words per site and open reports the staff queue shows by severity', async () => {
    expect(await seedModeration(t.deps)).toEqual({ watched_words: 10, open_reports: 4 });
    await expect(screenText(t.deps, ['有没有外挂'], 'native')).rejects.toMatchObject({ status: 422 });
    expect((await screenText(t.deps, ['有没有外挂'], 'abroad')).action).toBe('allow');
    expect((await screenText(t.deps, ['You idiot'], 'abroad')).texts).toEqual(['You ***']);
    const staff = await makeAccount(t, { role: 'staff' });
    const queue = (await clients(t).native.get(MODERATION_API.adminReports, { token: staff.token })).json();
    expect(queue.reports.map((r: { reason: string }) => r.reason)).toEqual(['abuse', 'abuse', 'cheating', 'spam']);
    expect(new Set(queue.reports.map((r: { area: string }) => r.area))).toEqual(new Set(['native', 'abroad']));
  });
});
