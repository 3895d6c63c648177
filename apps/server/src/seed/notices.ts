import type { Deps } from '../platform/deps.ts';
import { notices, versionInfos, versionReleases } from '../modules/notices/tables.ts';

/**
 * Demo notices on both sites and the version progress list (docs/product/notices.md), in both languages:
 * a pinned notice, maintenance, an event and a policy change; versions released, in testing, in work and
 * planned, each released one with notes of every kind.
 */
const DAY = 24 * 3600 * 1000;

const NOTICES = [
  {
    kind: 'announcement', pinned: true, daysAgo: 1,
    title: { chs: '灯笼游戏社区全新上线：关注、动态与资讯', en: 'Lantern community update: follows, talks and news' },
    content: {
      chs: '现在你可以关注喜欢的玩家，发布简短动态，并在资讯频道阅读最新的游戏新闻。\n\n个人主页会展示你的游戏库、成就与评测。绑定 Steam 账号后，游戏时长也会同步显示。\n\n感谢每一位玩家的反馈，欢迎在“意见反馈”中告诉我们你的想法。',
      en: 'You can now follow other players, post short talks and read the latest game news in Headlines.\n\nYour personal page shows your library, achievements and reviews. Link your Steam account and your playtime appears too.\n\nThank you for all your feedback — tell us what you think through the Feedback form.',
    },
  },
  {
    kind: 'maintenance', pinned: false, daysAgo: 3,
    title: { chs: '11月28日凌晨系统维护公告', en: 'Scheduled maintenance on 28 November' },
    content: {
      chs: '为提升服务质量，我们将于 11 月 28 日 02:00–04:00（北京时间）进行系统维护。\n\n维护期间商城与社区将暂停访问，已购买的激活码不受影响，可在维护结束后于“我的游戏”中查看。\n\n给您带来的不便敬请谅解。',
      en: 'To improve the service we will carry out maintenance on 28 November, 18:00–20:00 UTC.\n\nThe store and community will be unavailable during this window. Keys you have bought are safe and will be in your library when we are back.\n\nWe apologise for the inconvenience.',
    },
  },
  {
    kind: 'event', pinned: false, daysAgo: 6,
    title: { chs: '冬季特惠开启：限时秒杀每日上新', en: 'Winter sale: new flash deals every day' },
    content: {
      chs: '冬季特惠现已开启！每天 10:00 与 20:00 上新限时秒杀，部分秒杀需要绑定 Steam 账号参与。\n\n活动期间领取礼包还可获得额外优惠券，数量有限，先到先得。',
      en: 'The winter sale has started! New flash deals go live every day at 10:00 and 20:00, and some need a linked Steam account.\n\nClaim a gift pack during the sale for extra coupons — while stocks last.',
    },
  },
  {
    kind: 'policy', pinned: false, daysAgo: 14,
    title: { chs: '用户协议与隐私政策更新说明', en: 'Updates to our Terms and Privacy Policy' },
    content: {
      chs: '我们更新了用户协议与隐私政策，明确了第三方账号（Steam、微信、微博）绑定时我们读取的信息范围。\n\n更新内容自发布之日起生效。继续使用灯笼游戏即表示你同意更新后的条款。',
      en: 'We have updated our Terms and Privacy Policy to spell out exactly what we read when you link a Steam, WeChat or Weibo account.\n\nThe changes take effect on publication. By continuing to use Lantern you agree to the updated terms.',
    },
  },
] as const;

const VERSIONS = [
  {
    version: '3.2', status: 'planned', progress: 0, plannedInDays: 60, releasedDaysAgo: null,
    title: { chs: '成就墙与好友动态', en: 'Achievement wall and friend activity' },
    description: { chs: '在个人主页展示成就墙，好友动态支持筛选。', en: 'An achievement wall on personal pages, and filters for friend activity.' },
    notes: [],
  },
  {
    version: '3.1', status: 'developing', progress: 45, plannedInDays: 21, releasedDaysAgo: null,
    title: { chs: '资讯编辑器与草稿', en: 'Headline editor and drafts' },
    description: { chs: '编辑可撰写资讯草稿，提交审核后发布；文章内可直接购买提到的游戏。', en: 'Editors write headline drafts that staff publish; articles let readers buy the games they mention.' },
    notes: [],
  },
  {
    version: '3.0', status: 'testing', progress: 85, plannedInDays: 5, releasedDaysAgo: null,
    title: { chs: '关注、动态与账号绑定', en: 'Follows, talks and linked accounts' },
    description: { chs: '关注玩家、发布动态、绑定 Steam 与微信账号。', en: 'Follow players, post talks, and link Steam and WeChat accounts.' },
    notes: [
      { kind: 'feature', chs: '新增动态与转发', en: 'Talks with forwards' },
      { kind: 'feature', chs: '新增 Steam 账号绑定', en: 'Link your Steam account' },
    ],
  },
  {
    version: '2.9', status: 'released', progress: 100, plannedInDays: null, releasedDaysAgo: 10,
    title: { chs: '社区小组与评测', en: 'Community groups and reviews' },
    description: { chs: '每款游戏都有自己的小组，可发布帖子与评测。', en: 'Every game has its group, with posts and reviews.' },
    notes: [
      { kind: 'feature', chs: '游戏小组、帖子与长评测', en: 'Game groups, posts and long reviews' },
      { kind: 'feature', chs: '评论、回复与点赞', en: 'Comments, replies and likes' },
      { kind: 'improvement', chs: '图片上传更快，自动生成缩略图', en: 'Faster image uploads with thumbnails' },
      { kind: 'fix', chs: '修复部分设备上富文本编辑器无法粘贴图片的问题', en: 'Fixed pasting images into the editor on some devices' },
    ],
  },
  {
    version: '2.8', status: 'released', progress: 100, plannedInDays: null, releasedDaysAgo: 40,
    title: { chs: '限时秒杀与礼包', en: 'Flash sales and gift packs' },
    description: { chs: '限时秒杀、礼包领取与积分商城。', en: 'Flash sales, gift packs and the points shop.' },
    notes: [
      { kind: 'feature', chs: '限时秒杀', en: 'Flash sales' },
      { kind: 'feature', chs: '积分商城', en: 'The points shop' },
      { kind: 'improvement', chs: '购物车结算页加载速度提升', en: 'Checkout loads faster' },
      { kind: 'fix', chs: '修复优惠券在部分订单上显示错误的问题', en: 'Fixed coupons shown wrongly on some orders' },
      { kind: 'fix', chs: '修复英文站价格偶尔显示为人民币的问题', en: 'Fixed prices sometimes shown in CNY on the international site' },
    ],
  },
] as const;

export async function seedNotices(deps: Deps): Promise<{ notices: number; versions: number }> {
  const now = deps.clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const rows = (['native', 'abroad'] as const).flatMap((area) => NOTICES.map((n) => ({
    area, kind: n.kind, pinned: n.pinned, title: n.title, content: n.content, publishedAt: ago(n.daysAgo), createdAt: ago(n.daysAgo), updatedAt: ago(n.daysAgo),
  })));
  await deps.db.insert(notices).values(rows);
  for (const v of VERSIONS) {
    const [info] = await deps.db.insert(versionInfos).values({
      version: v.version, title: v.title, description: v.description, status: v.status, progress: v.progress,
      plannedAt: v.plannedInDays === null ? null : ago(-v.plannedInDays),
      releasedAt: v.releasedDaysAgo === null ? null : ago(v.releasedDaysAgo), createdAt: now, updatedAt: now,
    }).returning({ id: versionInfos.id });
    if (v.notes.length > 0) {
      await deps.db.insert(versionReleases).values(v.notes.map((note, position) => ({ versionInfoId: info!.id, kind: note.kind, content: { chs: note.chs, en: note.en }, position })));
    }
  }
  return { notices: rows.length, versions: VERSIONS.length };
}
