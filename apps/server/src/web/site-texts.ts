import { SITES, type Area, type Language } from '@lantern/domain';

/**
 * The words the server itself puts in a page's head, in each site's language: the site's name, the title and
 * description of a page it knows nothing more about, and the description of a member's page. The web sets each
 * page's own title once its code runs (useDocumentTitle).
 */
export const SITE_TEXTS: Record<Area, { name: string; title: string; description: string; notFound: string; userDescription: (nickname: string) => string }> = {
  native: {
    name: SITES.native.name,
    title: '灯笼游戏 — 正版游戏激活码与玩家社区',
    description: '在灯笼游戏购买正版 PC 游戏激活码和周边，阅读游戏资讯，加入玩家社区。',
    notFound: '页面不存在',
    userDescription: (nickname) => `${nickname} 在灯笼游戏的个人主页：动态、评测与游戏库。`,
  },
  abroad: {
    name: SITES.abroad.name,
    title: 'Lantern — PC game keys and a community of players',
    description: 'Buy genuine PC game keys and merchandise, read the news and join the player community on Lantern.',
    notFound: 'Page not found',
    userDescription: (nickname) => `${nickname} on Lantern: talks, reviews and games.`,
  },
};

/**
 * The words of the talks page's top as the web app shows them (its locale files' `community.title`, `people.talks`,
 * `people.talks_tagline`, `people.tab_all`, `people.tab_recommend`), for the first screen the server draws of it
 * (web/first-screens.ts): the title and tagline are drawn where the app draws them, so the app's copies are no new,
 * larger paint. web-first-screens.test.ts fails when they drift from the locale files.
 */
export const TALKS_PAGE_TEXTS: Record<Language, { community: string; title: string; tagline: string; everyone: string; recommended: string }> = {
  'zh-CN': { community: '社区', title: '动态', tagline: '你关注的玩家和加入的小组的短动态。', everyone: '全部', recommended: '推荐' },
  en: { community: 'Community', title: 'Talks', tagline: 'Short posts from players you follow and the groups you joined.', everyone: 'Everyone', recommended: 'Recommended' },
};
