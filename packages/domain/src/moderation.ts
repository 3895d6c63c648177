/**
 * Moderation rules (docs/product/community.md#moderation): who may write in the community now, how fast,
 * which staff-managed words a text may hold, and in which order reports reach the staff. Pure: the server
 * counts and stores, these functions decide.
 */
import { maskStoredSpans, readerText, readerView } from './reader-text.ts';

/** Every community write the moderation guard is asked about. */
export const COMMUNITY_ACTIONS = ['post', 'review', 'comment', 'reply', 'like', 'report', 'talk', 'headline', 'upload', 'private_message', 'follow'] as const;
export type CommunityAction = (typeof COMMUNITY_ACTIONS)[number];

/**
 * What a mute or a warn ban is asked about: the community writes, and changing the account's public profile
 * text (nickname, introduction), which is not paced, so it has no counter of its own.
 */
export type BarredAction = CommunityAction | 'profile_text';

/**
 * Actions a mute or a warn ban stops: everything that publishes words — the public profile text among them, so
 * a muted account cannot carry on in its nickname or introduction — and uploading images (which exist only
 * to be published). Liking and reporting stay open to a muted account (a mute is about what it says, and a
 * report helps the staff).
 */
export const MUTE_BLOCKED_ACTIONS: ReadonlySet<BarredAction> = new Set(['post', 'review', 'comment', 'reply', 'talk', 'headline', 'upload', 'private_message', 'profile_text']);

/** An account is new for this many days after signing up and gets the slower schedule (Discourse's trust level 0 as a model). */
export const NEW_ACCOUNT_DAYS = 3;
/** An upheld report against an account within this many days puts it on the new-account schedule again. */
export const STANDING_WINDOW_DAYS = 30;
/** This many upheld reports (on distinct targets) within the standing window give a warn ban… */
export const WARN_BAN_STRIKES = 3;
/** …lasting this many days from the latest of them. */
export const WARN_BAN_DAYS = 7;
/** Images an account may upload a day, and on the new-account schedule. */
export const UPLOADS_PER_DAY = 100;
export const UPLOADS_PER_DAY_NEW = 20;
/** The daily budget's window. */
export const BUDGET_WINDOW_SECONDS = 86_400;

export interface ActionLimit {
  /** Seconds to wait after the last admitted one (0: none). */
  gapSeconds: number;
  /** How many are admitted per budget window. */
  perDay: number;
}

export type Standing = 'new' | 'regular';

/**
 * The schedule (docs/product/limits.md#community-moderation), after Discourse's defaults: topics 15 s apart (120 s for new
 * users), replies 5 s (30 s), 20 topics and 50 likes a day, 3 topics and 10 replies on the first day, 20 flags.
 */
export const ACTION_LIMITS: Record<CommunityAction, Record<Standing, ActionLimit>> = {
  post: { new: { gapSeconds: 120, perDay: 3 }, regular: { gapSeconds: 15, perDay: 20 } },
  review: { new: { gapSeconds: 120, perDay: 3 }, regular: { gapSeconds: 15, perDay: 20 } },
  headline: { new: { gapSeconds: 120, perDay: 3 }, regular: { gapSeconds: 15, perDay: 20 } },
  talk: { new: { gapSeconds: 120, perDay: 5 }, regular: { gapSeconds: 15, perDay: 40 } },
  comment: { new: { gapSeconds: 30, perDay: 10 }, regular: { gapSeconds: 5, perDay: 200 } },
  reply: { new: { gapSeconds: 30, perDay: 10 }, regular: { gapSeconds: 5, perDay: 200 } },
  like: { new: { gapSeconds: 0, perDay: 50 }, regular: { gapSeconds: 0, perDay: 50 } },
  report: { new: { gapSeconds: 0, perDay: 5 }, regular: { gapSeconds: 0, perDay: 20 } },
  // Private messages (docs/product/limits.md#private-messages): no wait between them (a chat goes back and forth
  // quickly), but a day's budget that stops a spammer, small for a new account.
  private_message: { new: { gapSeconds: 0, perDay: 50 }, regular: { gapSeconds: 0, perDay: 500 } },
  // Images stored through POST /uploads, each counted before it is compared (docs/product/limits.md#community-moderation).
  upload: { new: { gapSeconds: 0, perDay: UPLOADS_PER_DAY_NEW }, regular: { gapSeconds: 0, perDay: UPLOADS_PER_DAY } },
  // Follows and unfollows together (docs/product/people.md#follows): each follow tells someone, so toggling is
  // paced like a like: a second apart, and a day's budget that lets a reader follow a whole list but stops a bot.
  follow: { new: { gapSeconds: 1, perDay: 50 }, regular: { gapSeconds: 1, perDay: 300 } },
};

const DAY_MS = 86_400_000;

/**
 * New accounts (first NEW_ACCOUNT_DAYS days) and accounts with an upheld report in the standing window
 * write on the slower schedule.
 */
export function standingOf(createdAt: Date, upheldAt: readonly Date[], now: Date): Standing {
  if (now.getTime() - createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS) return 'new';
  const since = now.getTime() - STANDING_WINDOW_DAYS * DAY_MS;
  return upheldAt.some((at) => at.getTime() > since) ? 'new' : 'regular';
}

export function actionLimit(action: CommunityAction, standing: Standing): ActionLimit {
  return ACTION_LIMITS[action][standing];
}

/**
 * Until when a warn ban holds, or null: WARN_BAN_STRIKES upheld reports within the standing window ban the
 * author for WARN_BAN_DAYS from the latest of them. `upheldAt` is one time per upheld target.
 */
export function warnBanUntil(upheldAt: readonly Date[], now: Date): Date | null {
  const since = now.getTime() - STANDING_WINDOW_DAYS * DAY_MS;
  const recent = upheldAt.map((d) => d.getTime()).filter((t) => t > since && t <= now.getTime());
  if (recent.length < WARN_BAN_STRIKES) return null;
  const until = Math.max(...recent) + WARN_BAN_DAYS * DAY_MS;
  return until > now.getTime() ? new Date(until) : null;
}

/** What an attempt meets against the counters as they stood before it (the server applies it atomically). */
export type ThrottleVerdict = 'ok' | 'access_wait' | 'rate_limit';

export interface ThrottleState {
  lastAt: Date | null;
  windowStart: Date | null;
  windowCount: number;
}

/**
 * The reference of what the server's single-statement counter does (moderation/throttle.ts): too soon after
 * the last admitted one → access_wait; the budget of the window spent → rate_limit; else admitted.
 */
export function throttleVerdict(state: ThrottleState, limit: ActionLimit, now: Date): { verdict: ThrottleVerdict; retryAfter: number } {
  const t = now.getTime();
  if (state.lastAt && limit.gapSeconds > 0 && state.lastAt.getTime() + limit.gapSeconds * 1000 > t) {
    return { verdict: 'access_wait', retryAfter: Math.ceil((state.lastAt.getTime() + limit.gapSeconds * 1000 - t) / 1000) };
  }
  const windowOpen = state.windowStart !== null && state.windowStart.getTime() + BUDGET_WINDOW_SECONDS * 1000 > t;
  if (windowOpen && state.windowCount >= limit.perDay) {
    return { verdict: 'rate_limit', retryAfter: Math.ceil((state.windowStart!.getTime() + BUDGET_WINDOW_SECONDS * 1000 - t) / 1000) };
  }
  return { verdict: 'ok', retryAfter: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Reports

/** Why a user reports something, each with its weight in the queue (higher first). */
export const REPORT_REASONS = ['illegal', 'sexual', 'abuse', 'cheating', 'spam', 'spoiler', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_WEIGHTS: Record<ReportReason, number> = {
  illegal: 5,
  sexual: 4,
  abuse: 4,
  cheating: 3,
  spam: 2,
  spoiler: 1,
  off_topic: 1,
  other: 1,
};

export const REPORT_TEXT_MAX = 500;

/** What staff do with a report; every open report on the same target is resolved with it. */
export const REPORT_RESOLUTIONS = ['hide', 'delete', 'mute', 'dismiss'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
export const MUTE_DAYS_MAX = 3650;

/** A dismissal says the report was wrong; anything else upholds it. */
export function isUpheld(resolution: ReportResolution): boolean {
  return resolution !== 'dismiss';
}

/**
 * A reporter's accuracy: the share of their resolved reports that were upheld, smoothed towards ½ (one
 * upheld and one dismissed assumed), so a first report is neither trusted nor doubted.
 */
export function reporterAccuracy(upheld: number, resolved: number): number {
  return (upheld + 1) / (resolved + 2);
}

/**
 * The queue's order: reason weight first, then the reporter's accuracy, then the older report first, then id.
 */
export function compareReports(
  a: { reason: ReportReason; accuracy: number; createdAt: Date; id: number },
  b: { reason: ReportReason; accuracy: number; createdAt: Date; id: number },
): number {
  return (
    REPORT_REASON_WEIGHTS[b.reason] - REPORT_REASON_WEIGHTS[a.reason] ||
    b.accuracy - a.accuracy ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.id - b.id
  );
}

// ---------------------------------------------------------------------------------------------------------
// Watched words

/** What a watched word does, from the strongest: block refuses the text, require_approval holds it for staff, flag lets it through but tells staff, censor replaces the word. */
export const WATCHED_WORD_ACTIONS = ['block', 'require_approval', 'flag', 'censor'] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];
export type ScreenAction = 'allow' | Exclude<WatchedWordAction, 'block'>;

export const WATCHED_WORD_MAX = 60;
export const CENSOR_MASK = '***';

export interface WatchedWord {
  word: string;
  action: WatchedWordAction;
}

/** Scripts written without spaces between words: their words match anywhere. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/**
 * A word as it is compared: folded exactly as the text a reader sees (reader-text.ts: markup removed,
 * references decoded, NFKC, lower case, invisible characters dropped, white space collapsed).
 */
export function normalizeWord(word: string): string {
  return readerText(word).trim();
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch) && !UNSPACED.test(ch);
}

interface PreparedWord extends WatchedWord {
  chars: string[];
  /** Whole words only (no CJK character in it). */
  wholeWord: boolean;
}

/** Whether `word` occurs at position i of the normalized characters, as a whole word where it must be one. */
function occursAt(chars: string[], i: number, word: PreparedWord): boolean {
  const w = word.chars;
  if (i + w.length > chars.length) return false;
  for (let j = 1; j < w.length; j++) if (chars[i + j] !== w[j]) return false;
  // "ass" must not match "class" or "assets"; a Latin word next to Chinese characters is still a word.
  if (word.wholeWord && ((isWordChar(w[0]) && isWordChar(chars[i - 1])) || (isWordChar(w[w.length - 1]) && isWordChar(chars[i + w.length])))) return false;
  return true;
}

export interface ScreenResult {
  /** The strongest action of the words found, or `block` when a block word is there. */
  action: ScreenAction | 'block';
  /** The texts with every censor word replaced by `***` (unchanged otherwise). */
  texts: string[];
  /** The watched words found, once each. */
  words: string[];
}

const STRENGTH: Record<ScreenAction | 'block', number> = { block: 4, require_approval: 3, flag: 2, censor: 1, allow: 0 };

/** Screens texts against the watched words: the strongest action found, and the texts with censor words masked. */
export function screenTexts(texts: readonly string[], words: readonly WatchedWord[]): ScreenResult {
  let action: ScreenAction | 'block' = 'allow';
  const found = new Set<string>();
  // Words by their first character: each position of a text is compared only with the words that can start there.
  const byFirst = new Map<string, PreparedWord[]>();
  for (const w of words) {
    const chars = [...normalizeWord(w.word)];
    if (chars.length === 0) continue;
    const list = byFirst.get(chars[0]!) ?? [];
    list.push({ ...w, chars, wholeWord: !chars.some((ch) => UNSPACED.test(ch)) });
    byFirst.set(chars[0]!, list);
  }
  const out = texts.map((text) => {
    // Compared with what a reader sees; masked in what is stored (docs/product/community.md#watched-words).
    const { chars, start, end, markup } = readerView(text);
    const spans: [number, number][] = [];
    for (let i = 0; i < chars.length; i++) {
      const candidates = byFirst.get(chars[i]!);
      if (!candidates) continue;
      for (const w of candidates) {
        if (!occursAt(chars, i, w)) continue;
        found.add(w.word);
        if (STRENGTH[w.action] > STRENGTH[action]) action = w.action;
        if (w.action === 'censor') spans.push([start[i]!, end[i + w.chars.length - 1]!]);
      }
    }
    return maskStoredSpans(text, spans, markup, CENSOR_MASK);
  });
  return { action, texts: out, words: [...found] };
}

// ---------------------------------------------------------------------------------------------------------
// What each surface does with the words found

/**
 * Every place a user's words are published, each screened on the text a reader will see
 * (docs/product/community.md#watched-words).
 */
export const SCREENED_SURFACES = ['post', 'comment', 'talk', 'headline_draft', 'private_message', 'nickname', 'introduction'] as const;
export type ScreenedSurface = (typeof SCREENED_SURFACES)[number];

/** Surfaces whose held words wait in a staff queue: posts and reviews, comments and replies (the approval queue), headline drafts (staff publish them). */
const HOLDING_SURFACES: ReadonlySet<ScreenedSurface> = new Set(['post', 'comment', 'headline_draft']);

/**
 * What a surface does with the strongest action found: `publish` (censor words masked; `flag` also tells
 * staff where the surface has a report target), `hold` for staff (stored, shown to nobody else until approved),
 * or `refuse` (422 `censor_words: banned`). Fails closed: a surface with no staff queue refuses what would be
 * held (talks, private messages, profile text), and a nickname refuses a censor word rather than wear `***`
 * (a name is one's identity and must stay unique and typeable).
 */
export function screenOutcome(surface: ScreenedSurface, action: ScreenAction | 'block'): 'publish' | 'hold' | 'refuse' {
  if (action === 'block') return 'refuse';
  if (action === 'require_approval') return HOLDING_SURFACES.has(surface) ? 'hold' : 'refuse';
  if (action === 'censor' && surface === 'nickname') return 'refuse';
  return 'publish';
}

// ---------------------------------------------------------------------------------------------------------
// Hidden and pending content

/**
 * The states of published content (docs/product/community.md#hidden-and-pending): `pending` waits for staff
 * approval (a watched word that requires it), `hidden` was taken down by staff and can be restored.
 */
export const CONTENT_STATES = ['published', 'pending', 'hidden'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** Everyone sees published content; pending and hidden content only its author and staff. */
export function contentVisibleTo(state: ContentState, viewer: { own: boolean; staff: boolean }): boolean {
  return state === 'published' || viewer.own || viewer.staff;
}

/** Only published content is counted, listed, searched, commented on, liked or reported. */
export const isCounted = (state: ContentState) => state === 'published';
