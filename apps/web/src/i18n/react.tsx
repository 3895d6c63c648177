import { Fragment, cloneElement, isValidElement, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { TFn, ThirdParty, Translator } from './core';

/**
 * The React side of the app's translation engine (i18n/core.ts), standing in for react-i18next wherever the app
 * imports it (vite.config.ts aliases the package here): `useTranslation`, `<Trans>` and `initReactI18next`.
 */

let instance: Translator | null = null;

/** Handed to `use()`: the instance the hooks read. */
export const initReactI18next: ThirdParty = {
  type: '3rdParty',
  init: (i) => {
    instance = i;
  },
};

function current(): Translator {
  if (!instance) throw new Error('translations are not set up (setupI18n)');
  return instance;
}

/** `t` of the current language and the instance; the component draws again when the language changes. */
export function useTranslation() {
  const i18n = current();
  const language = useSyncExternalStore(
    (changed) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    () => i18n.language,
  );
  return useMemo(() => ({ t: i18n.fixedT(language), i18n, ready: true as const }), [i18n, language]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\s*\/>/g;

/**
 * A text with elements in it: `<name>words</name>` in the translation becomes the element given under `name`
 * in `components`, with the words as its children (`<name/>` the element alone).
 */
export function Trans({ i18nKey, t, values, components = {} }: { i18nKey: string; t?: TFn; values?: Record<string, unknown>; components?: Record<string, ReactElement> }) {
  const text = String((t ?? current().t)(i18nKey, values));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const element = components[name];
    const words = match[2];
    if (element && isValidElement(element)) parts.push(cloneElement(element, { key: parts.length }, ...(words === undefined ? [] : [words])));
    else parts.push(words ?? '');
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
