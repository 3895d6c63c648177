/**
 * Nickname safety (docs/product/accounts.md#nickname). Weighting CJK and other non-ASCII characters as 2 keeps names of
 * roughly equal display width within the same limit, whatever the script.
 */
export const NICKNAME_MAX_WEIGHT = 20;

/** ASCII counts 1, every other code point 2. Iterates code points so an emoji is one character, not two UTF-16 units. */
export function nicknameWeight(nickname: string): number {
  let weight = 0;
  for (const char of nickname) weight += (char.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
  return weight;
}

/** Unsafe when empty, whitespace only (including the ideographic space) or heavier than 20. */
export function isNicknameSafe(nickname: string | null | undefined): boolean {
  if (nickname == null || nickname.trim() === '') return false;
  return nicknameWeight(nickname) <= NICKNAME_MAX_WEIGHT;
}
