import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import zhCN from './zh-CN.json';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'lantern.language';

export function isLanguage(v: unknown): v is Language {
  return v === 'zh-CN' || v === 'en';
}

/** The user's stored choice wins over the site's language (the switch in the header and the footer). */
export function storedLanguage(): Language | null {
  try {
    const v = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

export async function setupI18n(siteLanguage: Language, instance: I18n = i18next): Promise<I18n> {
  const lng = storedLanguage() ?? siteLanguage;
  await instance.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    lng,
    fallbackLng: siteLanguage,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
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
