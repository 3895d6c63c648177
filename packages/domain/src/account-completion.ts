/**
 * What the "complete your account" popup asks for (docs/product/accounts.md#account-completion): only what is
 * missing. A password, when the account has none (it signed in through a linked account or a code) — never
 * a new one right after a sign-up that set it; a phone, on the mainland site only, when the account has
 * neither a phone nor a real-name identity (the mainland's real-name rule). Staff accounts are the
 * operator's, set up by it, and are never asked.
 */
export type CompletionItem = 'phone' | 'password';

export interface CompletionFacts {
  /** The site asked on. */
  readonly area: 'native' | 'abroad';
  /** A role other than a plain user (staff, admin, editor, group admin). */
  readonly staff: boolean;
  /** A real-name identity is bound. */
  readonly identified: boolean;
  readonly hasPhone: boolean;
  readonly hasPassword: boolean;
}

export function accountCompletionNeeds(facts: CompletionFacts): CompletionItem[] {
  if (facts.staff) return [];
  const needs: CompletionItem[] = [];
  if (facts.area === 'native' && !facts.hasPhone && !facts.identified) needs.push('phone');
  if (!facts.hasPassword) needs.push('password');
  return needs;
}
