/**
 * The beginners' guide (docs/product/screens.md#guide): ten steps over the store's real pages, shown once per
 * account after sign-up and replayable from the user menu. Pure rules: which step does what, whether an account
 * is due to see it, and where closing it leads.
 */
/** Where a step takes the reader before it explains (the web maps these to its paths). */
export type GuideRoute = 'home' | 'community' | 'subjects' | 'profile';

/** The part of the page a step highlights (the web maps these to real elements). */
export type GuideTarget = 'community_posts' | 'groups' | 'search' | 'subjects' | 'cart' | 'item' | 'profile' | 'user_menu' | 'messages' | 'menu_button';

export interface GuideStep {
  /** 1-based, as the reader sees it ("step 2 of 10"). */
  n: number;
  /** Names the step's title and text in the locale files (`guide.steps.<key>`). */
  key: string;
  route?: GuideRoute;
  target?: GuideTarget;
  /** Step 8 shows the user menu and step 9 hides it. */
  menu?: 'open' | 'close';
}

/**
 * The spec's fixed points: step 2 highlights the community post block, step 4 goes to /home?type=subject, step 6
 * highlights the item wrap, step 7 goes to the reader's own profile, step 8 shows a menu and step 9 hides it.
 * The others explain the rest of the store a beginner needs (search, cart, messages, the menu to replay this).
 */
export const GUIDE_STEP_LIST: readonly GuideStep[] = [ // GUIDE_STEPS of them (guide.test.ts)
  { n: 1, key: 'welcome' },
  { n: 2, key: 'community_posts', route: 'community', target: 'community_posts' },
  { n: 3, key: 'search', target: 'search' },
  { n: 4, key: 'subjects', route: 'subjects', target: 'subjects' },
  { n: 5, key: 'cart', target: 'cart' },
  { n: 6, key: 'item', route: 'home', target: 'item' },
  { n: 7, key: 'profile', route: 'profile', target: 'profile' },
  { n: 8, key: 'user_menu', target: 'user_menu', menu: 'open' },
  { n: 9, key: 'messages', target: 'messages', menu: 'close' },
  { n: 10, key: 'done', target: 'menu_button' },
];

export { GUIDE_CONFIG, guideDueFor, isGuideDue } from './guide-due.ts';

/** Closing or finishing the guide lands here (the spec's /home). */
export const GUIDE_CLOSE_PATH = '/home';

export type GuideClosePopup = 'identification' | 'basic_info' | null;

/**
 * After closing (docs/product/screens.md#guide): the identification popup when the account is not identified,
 * else the basic-info popup when its nickname is not safe, else nothing. "Identified" is what GET /api/me/check
 * says is still needed (`need_identification`), so the guide never asks for what the site does not require.
 */
export function guideClosePopup(check: { need_identification: boolean; is_nickname_safe: boolean }): GuideClosePopup {
  if (check.need_identification) return 'identification';
  if (!check.is_nickname_safe) return 'basic_info';
  return null;
}
