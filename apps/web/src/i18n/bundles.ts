import type { Resources } from './core';
import type { Language } from './index';

/**
 * The feature bundles of texts: a feature's keys in `features/<feature>/locale/<language>.json`, named after the
 * feature's folder; the keys every page's frame needs stay in the core (./en.json, ./zh-CN.json). Which key lives
 * where follows from which code uses it, and a route loads the bundles of the code it draws: app/textBundles.test.ts
 * checks both (docs/decisions/0058-locale-bundles.md). This module is loaded with the first bundle asked for.
 */
const files = import.meta.glob<{ default: Resources }>('../features/*/locale/*.json');

const fileOf = (bundle: string, language: Language) => `../features/${bundle}/locale/${language}.json`;

/** Every bundle's name. */
export const BUNDLES = [...new Set(Object.keys(files).map((f) => f.split('/')[2]!))];

/** A bundle's texts in a language (a bundle that does not exist is an error: a route names it by mistake). */
export async function readBundle(bundle: string, language: Language): Promise<Resources> {
  const load = files[fileOf(bundle, language)];
  if (!load) throw new Error(`no locale bundle "${bundle}" in ${language}`);
  return (await load()).default;
}
