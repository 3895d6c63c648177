import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n';

/** A text in both languages as the API sends it (`chs`, `en`; edition details also carry `default`). */
export interface LocalizedText {
  chs: string;
  en: string;
}

/** The text in the current language; the other language when this one is empty (never a blank name). */
export function pickText(text: LocalizedText, language: string): string {
  const own = language === 'en' ? text.en : text.chs;
  return own || text.en || text.chs;
}

/** Edition details by language (chs, en, default): the current language, else the default. */
export function pickDetails<T extends { title: string }>(details: { chs: T; en: T; default: T }, language: string): T {
  const own = language === 'en' ? details.en : details.chs;
  return own.title ? own : details.default;
}

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

/** `const l = useLocalize(); l(sku.sku_names)` */
export function useLocalize() {
  const language = useLanguage();
  return (text: LocalizedText) => pickText(text, language);
}

// Dates are written by lib/dates.ts, the one formatter; re-exported here for the pages that import it with the
// other language helpers.
export { formatDate } from './dates';
