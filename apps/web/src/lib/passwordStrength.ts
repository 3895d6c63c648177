import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonPackage from '@zxcvbn-ts/language-common';
import * as englishPackage from '@zxcvbn-ts/language-en';

/**
 * The same strength estimator and offline dictionaries the server checks new passwords with. This module
 * is only ever loaded by dynamic import (ui/PasswordStrength.tsx): its dictionaries weigh several hundred
 * kilobytes and must stay out of the store's initial JavaScript.
 */
const estimator = new ZxcvbnFactory({
  dictionary: { ...commonPackage.dictionary, ...englishPackage.dictionary },
  graphs: commonPackage.adjacencyGraphs,
});

/** 0 (very weak) to 4 (very strong); the server wants PASSWORD_MIN_STRENGTH_SCORE or more. */
export function passwordScore(password: string): 0 | 1 | 2 | 3 | 4 {
  return estimator.check(password).score;
}
