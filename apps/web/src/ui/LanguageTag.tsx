import type { Language } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

/**
 * Names the language of community writing that is not in the page's language (docs/product/community.md#languages):
 * both sites share posts, reviews and talks, so a Chinese review can show on the English page. Put `lang` on the
 * writing itself too, so a screen reader reads it in its own language.
 */
export function LanguageTag({ language, className }: { language: Language; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center rounded bg-ink-700 px-1.5 py-0.5 text-[11px] font-semibold text-muted', className)} data-testid="language-tag" data-language={language}>
      {t(language === 'en' ? 'community.written_in_english' : 'community.written_in_chinese')}
    </span>
  );
}
