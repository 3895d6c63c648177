import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonPackage from '@zxcvbn-ts/language-common';

/**
 * The strength meter's estimator: the server's (zxcvbn) with its language-neutral dictionaries only — the
 * common-password and diceware lists and the keyboard layouts. The English words, names and Wikipedia lists
 * the server adds weigh three times as much (about 600 kB gzip) for a hint: without them the meter can rate a
 * password built on an English word higher than the server does, and the server's `too_weak` has the final
 * word (docs/decisions/0037). Loaded only by dynamic import (ui/PasswordStrength.tsx), once a password is typed.
 */
const estimator = new ZxcvbnFactory({
  dictionary: commonPackage.dictionary,
  graphs: commonPackage.adjacencyGraphs,
});

/** 0 (very weak) to 4 (very strong); the server wants PASSWORD_MIN_STRENGTH_SCORE or more. */
export function passwordScore(password: string): 0 | 1 | 2 | 3 | 4 {
  return estimator.check(password).score;
}
