import type { Language } from './sites.ts';

/**
 * The language a piece of community writing (a post, review or talk) is in, as far as the store tells them
 * apart: Chinese when Chinese characters make up at least a fifth of its letters, else English (docs/product/
 * community.md#languages). Community content is shared by both sites, so a page in one language shows writing
 * in the other; the web marks such writing (its language named, and the `lang` of its text) rather than
 * passing it off as the page's own.
 */
export function writtenLanguage(text: string): Language {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && han * 5 >= letters ? 'zh-CN' : 'en';
}

/** The language of the writing when it is not the page's, else null (nothing to mark; empty text neither). */
export function foreignLanguageOf(text: string, pageLanguage: Language): Language | null {
  if (!/\p{L}/u.test(text)) return null;
  const written = writtenLanguage(text);
  return written === pageLanguage ? null : written;
}
