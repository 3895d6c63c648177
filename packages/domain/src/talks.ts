/**
 * Talks: short posts with forwards (docs/product/people.md#talks). Pure rules; the server's `talks` module and
 * the web both use them.
 */

/** Ours (decisions/0023): the longest talk, in characters of the text a reader sees. A forward may be empty. */
export const TALK_MAX_LENGTH = 500;

/** Talks per page of every talk list and feed (the spec's page of posts). */
export const TALKS_PAGE_SIZE = 10;

/** Recommended talks are chosen among those of the last this-many days (decisions/0023). */
export const RECOMMENDED_TALKS_DAYS = 7;

export type TalkTextRefusal = 'blank' | 'too_long';

/** Why a talk's text is refused, or null: a new talk needs words; a forward may add none. */
export function talkTextRefusal(plainText: string, isForward: boolean): TalkTextRefusal | null {
  const length = [...plainText.trim()].length;
  if (length === 0 && !isForward) return 'blank';
  if (length > TALK_MAX_LENGTH) return 'too_long';
  return null;
}

/**
 * What a forward points at: forwarding a forward forwards its original, so a chain of forwards is one level
 * deep and the original's count says how often it travelled.
 */
export function forwardTarget(talk: { id: number; forwardOfId: number | null }): number {
  return talk.forwardOfId ?? talk.id;
}

/**
 * The recommended order (decisions/0023): forwards weigh twice what likes and comments do, and a day of age
 * costs as much as one forward, so a lively new talk climbs past a stale popular one.
 */
export function recommendScore(talk: { forwards: number; likes: number; comments: number; ageDays: number }): number {
  return talk.forwards * 2 + talk.likes + talk.comments - talk.ageDays * 2;
}
