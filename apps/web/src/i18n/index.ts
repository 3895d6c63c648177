import { Translator, type Backend, type Resources } from './core';
import { initReactI18next } from './react';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'lantern.language';

export function isLanguage(v: unknown): v is Language {
  return v === 'zh-CN' || v === 'en';
}

/**
 * The core texts of each language (what every page's frame says) are its own chunk: the first page carries only
 * the language it shows, and the other is fetched when the user switches (the home route's JavaScript budget,
 * docs/product/screens.md#client-behaviour). A feature's texts are bundles of their own (./bundles.ts), loaded
 * with the feature's routes (docs/decisions/0058-locale-bundles.md).
 */
const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  'zh-CN': () => import('./zh-CN.json'),
  en: () => import('./en.json'),
};

/** A backend reading the bundled resource chunks: the core ('translation') or a feature's bundle, on first use. */
const bundledResources: Backend = {
  type: 'backend',
  read: async (language, namespace) => {
    if (!isLanguage(language)) return {};
    return namespace === 'translation' ? (await loaders[language]()).default : (await import('./bundles')).readBundle(namespace, language);
  },
};

/** The user's stored choice wins over the site's language (the switch in the header and the footer). */
export function storedLanguage(): Language | null {
  try {
    const v = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

/** The app's one translation instance (i18n/core.ts: the subset of i18next the app uses). */
const i18next = new Translator();

export async function setupI18n(siteLanguage: Language, instance: Translator = i18next): Promise<Translator> {
  const lng = storedLanguage() ?? siteLanguage;
  await instance
    .use(bundledResources)
    .use(initReactI18next)
    .init({
      lng,
      // Both files hold the same keys (a unit test checks), so no fallback language needs loading.
    });
  document.documentElement.lang = lng;
  instance.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  return instance;
}

export async function changeLanguage(lng: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18next.changeLanguage(lng);
}

export { i18next };
