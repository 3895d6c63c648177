import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonPackage from '@zxcvbn-ts/language-common';
import * as englishPackage from '@zxcvbn-ts/language-en';
import { checkPassword, isPasswordStrongEnough, type PasswordProblem } from '@lantern/domain';

/**
 * The estimator with its dictionaries (common passwords, English words and names, keyboard layouts),
 * bundled in the packages: nothing is fetched over the network. Built on first use, since the
 * dictionaries take a moment to index and most requests never set a password.
 */
let estimator: ZxcvbnFactory | undefined;
function strengthEstimator() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonPackage.dictionary, ...englishPackage.dictionary },
    graphs: commonPackage.adjacencyGraphs,
  });
  return estimator;
}

/**
 * What is wrong with a NEW password (sign-up, reset, change), or null: the composition rules first
 * (length, kinds of character), then its estimated strength, which also counts the account's own
 * e-mail, phone and nickname as guessable words (`Alice1990` for alice@…). Signing in never calls
 * this: an old password that would not pass today still signs in.
 */
export function checkNewPassword(password: string | null | undefined, personalWords: readonly (string | null | undefined)[] = []): PasswordProblem | 'too_weak' | null {
  const problem = checkPassword(password);
  if (problem) return problem;
  const words = personalWords.flatMap((word) => (word ? [word, ...word.split(/[@.\s_-]+/)] : [])).filter((word) => word.length >= 3);
  const { score } = strengthEstimator().check(password!, words);
  return isPasswordStrongEnough(score) ? null : 'too_weak';
}
