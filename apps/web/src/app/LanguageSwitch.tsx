import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { cn } from '../ui/cn';
import { GlobeIcon } from '../ui/icons';

const LABELS: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };
const SHORT: Record<Language, string> = { 'zh-CN': '中', en: 'EN' };

/** Language choice, remembered in localStorage (overrides the site's default language). */
export function LanguageSwitch({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.language as Language) ?? 'zh-CN';
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:bg-ink-800 hover:text-fg"
        aria-label={t('nav.language', { current: LABELS[current] })}
        data-testid="language-switch"
      >
        <GlobeIcon className="size-[18px]" />
        <span className={cn(compact && 'sr-only')}>{compact ? LABELS[current] : SHORT[current]}</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="animate-dialog z-50 min-w-40 rounded-xl bg-ink-800 p-1 shadow-2xl ring-1 ring-ink-600"
        >
          <Menu.RadioGroup value={current} onValueChange={(v) => void changeLanguage(v as Language)}>
            {LANGUAGES.map((l) => (
              <Menu.RadioItem
                key={l}
                value={l}
                lang={l}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-ink-700"
              >
                {LABELS[l]}
                <Menu.ItemIndicator className="text-accent">✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
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
