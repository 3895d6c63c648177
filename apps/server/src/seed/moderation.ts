import { eq, inArray } from 'drizzle-orm';
import { REPORT_REASON_WEIGHTS, normalizeWord, type ReportReason, type WatchedWordAction } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { moderationMutes, moderationReports, moderationWatchedWords } from '../modules/moderation/tables.ts';

/** Watched words per site (null: both), believable for a game store's community (docs/product/community.md#watched-words). */
const WORDS: { word: string; action: WatchedWordAction; area: 'native' | 'abroad' | null }[] = [
  { word: '外挂', action: 'block', area: 'native' },
  { word: '代练', action: 'flag', area: 'native' },
  { word: '代充', action: 'require_approval', area: 'native' },
  { word: '傻逼', action: 'censor', area: 'native' },
  { word: '加微信', action: 'require_approval', area: 'native' },
  { word: 'aimbot', action: 'block', area: 'abroad' },
  { word: 'cheap keys', action: 'require_approval', area: 'abroad' },
  { word: 'idiot', action: 'censor', area: 'abroad' },
  { word: 'boosting', action: 'flag', area: 'abroad' },
  { word: 'free-steam-gift', action: 'block', area: null },
];

/**
 * Open reports for the staff queue. They point at community posts by the muted demo account; the posts
 * module registers the `post` target when it is merged, until then the queue shows the summaries kept here.
 */
const REPORTS: { reporter: string; targetId: number; area: 'native' | 'abroad'; reason: ReportReason; summary: string; text: string }[] = [
  { reporter: 'demo@lantern.test', targetId: 1, area: 'native', reason: 'cheating', summary: '出售外挂，私聊', text: '帖子里在卖外挂' },
  { reporter: 'player@lantern.test', targetId: 2, area: 'abroad', reason: 'spam', summary: 'Cheap keys here, DM me', text: 'Advertising a grey-market key site' },
  { reporter: 'demo@lantern.test', targetId: 3, area: 'native', reason: 'abuse', summary: '楼上的都是……', text: '' },
  { reporter: 'player@lantern.test', targetId: 3, area: 'native', reason: 'abuse', summary: '楼上的都是……', text: 'Insulting other players' },
];

export async function seedModeration(deps: Deps) {
  const now = deps.clock.now();
  const people = await deps.db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test', 'staff@lantern.test', 'muted@lantern.test']));
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  const staff = id('staff@lantern.test');
  const muted = id('muted@lantern.test');

  await deps.db.insert(moderationWatchedWords).values(WORDS.map((w) => ({ ...w, normalized: normalizeWord(w.word), createdBy: staff, createdAt: now })));
  await deps.db.insert(moderationReports).values(
    REPORTS.map((r, i) => ({
      reporterId: id(r.reporter),
      targetType: 'post',
      targetId: r.targetId,
      targetAuthorId: muted,
      area: r.area,
      summary: r.summary,
      reason: r.reason,
      severity: REPORT_REASON_WEIGHTS[r.reason],
      text: r.text,
      createdAt: new Date(now.getTime() - (REPORTS.length - i) * 3_600_000),
    })),
  );
  // The muted demo account (seed/accounts.ts) was muted by staff: the record says who and why.
  const [account] = await deps.db.select({ until: accounts.mutedUntil }).from(accounts).where(eq(accounts.id, muted));
  if (account?.until) await deps.db.insert(moderationMutes).values({ accountId: muted, until: account.until, reason: '多次辱骂其他玩家', staffId: staff, createdAt: now });
  return { watched_words: WORDS.length, open_reports: REPORTS.length };
}
