import { forwardRef, lazy, Suspense, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { cn } from '../ui/cn';
import { MenuTrigger } from '../ui/MenuTrigger';
import { GlobeIcon } from '../ui/shellIcons';
import { useLazyOnce } from '../ui/useLazyOnce';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };
const SHORT: Record<Language, string> = { 'zh-CN': '中', en: 'EN' };

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

const Trigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { current: Language; labelled?: boolean }>(
  function Trigger({ current, labelled, className, ...rest }, ref) {
    const { t } = useTranslation();
    return (
      <MenuTrigger
        ref={ref}
        className={cn('inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:bg-ink-800 hover:text-fg', className)}
        aria-label={t('nav.language', { current: LABELS[current] })}
        data-testid="language-switch"
        {...rest}
      >
        <GlobeIcon className="size-[18px]" />
        {/* The header shows the short form beside the globe; the phone menu has room to say what it is. */}
        <span aria-hidden="true">{labelled ? t('nav.language', { current: LABELS[current] }) : SHORT[current]}</span>
      </MenuTrigger>
    );
  },
);

/**
 * Language choice, remembered in localStorage (overrides the site's default language). The button is plain
 * until first used; the Radix menu behind it loads then and opens at once. `labelled` writes "Language: …" out
 * (the phone menu) instead of the header's short 中 / EN.
 */
export function LanguageSwitch({ labelled }: { labelled?: boolean }) {
  const { i18n } = useTranslation();
  const current = (i18n.language as Language) ?? 'zh-CN';
  const { armed, untouched } = useLazyOnce(loadMenu);
  const plain = <Trigger current={current} labelled={labelled} {...untouched} />;
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <LanguageMenu current={current} labels={LABELS} trigger={<Trigger current={current} labelled={labelled} />} />
    </Suspense>
  );
}

export function LanguageLinks() {
  const { i18n } = useTranslation();
  return (
    <div className="flex gap-1">
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={i18n.language === l}
          onClick={() => void changeLanguage(l)}
          className={cn(
            'rounded-md px-2 py-1 text-sm',
            i18n.language === l ? 'bg-ink-800 text-fg ring-1 ring-ink-600' : 'text-muted hover:text-fg',
          )}
        >
          {LABELS[l]}
        </button>
      ))}
    </div>
  );
}
