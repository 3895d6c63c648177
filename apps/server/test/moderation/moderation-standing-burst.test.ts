import { expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { logStatements } from '../support/statement-counter.ts';
import { moderationReports } from '../../src/modules/moderation/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The guard reads the standing of writers the instance does not hold yet together, when they write at the same
 * moment (moderation/standing-cache.ts): each is still judged on its own — a muted writer and a warn-banned one
 * refused with their reasons among the others — and the burst costs two statements, not two a writer.
 */
const { t } = useTestApp();

it('reads a burst of writers\' standings together and refuses the muted and the warn-banned among them', async () => {
  const api = clients(t);
  const { group } = await makeGroup(t);
  const postId = await publishPost(t, await makeAccount(t), group.id, { content: '<p>Talk to me</p>' });
  const [muted, banned, ...fine] = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
  const staff = await makeAccount(t, { role: 'staff' });
  expect((await api.native.post(MODERATION_API.adminMute(muted!.id), { mute: { days: 1, reason: 'spam' } }, { token: staff.token })).statusCode).toBe(200);
  // Three upheld reports on three of its writings within 30 days: a warn ban.
  const now = t.clock.now();
  await t.deps.db.insert(moderationReports).values([1, 2, 3].map((n) => ({
    reporterId: staff.id, targetType: 'comment', targetId: 9_000_000 + n, targetAuthorId: banned!.id, area: 'native' as const, reason: 'spam' as const,
    severity: 1, status: 'upheld' as const, resolution: 'hide' as const, resolvedBy: staff.id, resolvedAt: now, createdAt: now,
  })));

  const log = logStatements(t.database);
  const { result: answers, statements } = await log.during(() => Promise.all([muted!, banned!, ...fine].map((writer) =>
    api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content: `from ${writer.id}` } }, { token: writer.token }))));
  log.stop();
  expect([answers[0]!.statusCode, answers[0]!.json().errors]).toEqual([403, { base: ['is_mute'] }]);
  expect([answers[1]!.statusCode, answers[1]!.json().errors]).toEqual([403, { base: ['banned'] }]);
  expect(answers.slice(2).map((a) => a.statusCode)).toEqual(Array(fine.length).fill(201));
  // The account rows (the log keeps a statement's first 200 characters: here, its columns) and the upheld reports.
  const accountReads = statements.filter((s) => s.startsWith('select "id", "email", "phone", "nickname"'));
  const reportReads = statements.filter((s) => s.includes('from "moderation_reports" where'));
  expect([accountReads.length, reportReads.length], statements.join('\n')).toEqual([1, 1]);
});
