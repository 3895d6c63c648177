import { FAILURE_WINDOW_SECONDS, PASSWORD_CONFIRMATION_FAILURES_PER_WINDOW } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail, type FieldErrorList } from '../../platform/errors.ts';
import { reserveAttempt } from './attempts.ts';
import type { Account } from './lookup.ts';
import { verifyPassword } from './passwords.ts';
import { consumeCodeOf } from './codes.ts';

/**
 * Proof that the caller is the account's owner and not merely holding one of its sessions: a session
 * can be stolen (a shared computer, a leaked cookie), and a thief who could then set the password or
 * swap the e-mail or phone would keep the account for good. Changing a password or a contact therefore
 * wants one of:
 * - the current password, or
 * - a code (purpose `reauthenticate`) sent to an e-mail or phone ALREADY bound to the account. The send
 *   route picks that contact itself; a contact the request names or is binding never counts.
 */
export interface ProofInput {
  password?: string | undefined;
  accountCode?: string | undefined;
}

/** Field names the proof came in, so refusals point at what the client sent. */
export interface ProofFields {
  password: string;
  accountCode: string;
}

/**
 * Checks the proof and adds any problem to `errors`. A password is checked at once; a code is only
 * checked (and spent) by the returned `spend`, which the caller runs just before its write, after every
 * other check, so a code is not burnt on a request that fails for another reason.
 */
export async function checkProofOfAccount(deps: Deps, account: Account, input: ProofInput, fields: ProofFields, errors: FieldErrorList): Promise<{ spend(): Promise<void> }> {
  const nothing = { spend: async () => {} };
  if (input.password) {
    // Counted before the comparison, like every guess (attempts.ts): a stolen session is not a way to
    // guess the password either.
    const attempt = await reserveAttempt(deps.kv, `confirm-password:${account.id}`, FAILURE_WINDOW_SECONDS);
    if (attempt.place > PASSWORD_CONFIRMATION_FAILURES_PER_WINDOW) {
      await attempt.release();
      throw fail.tooMany('rate_limit', FAILURE_WINDOW_SECONDS);
    }
    if (account.passwordHash && (await verifyPassword(account.passwordHash, input.password))) await attempt.release();
    else errors.add(fields.password, 'invalid');
    return nothing;
  }
  const code = input.accountCode?.trim();
  if (code) {
    const bound = [account.email, account.phone].filter((contact): contact is string => contact !== null);
    return { spend: () => consumeCodeOf(deps, bound, 'reauthenticate', code, fields.accountCode) };
  }
  errors.add(fields.password, 'blank');
  return nothing;
}
