import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';

/** The Radix part of the language switch, loaded on first use so the first page carries no Radix code. */
export function LanguageMenu({ current, labels, trigger }: { current: Language; labels: Record<Language, string>; trigger: ReactNode }) {
  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="animate-dialog z-50 min-w-40 rounded-xl bg-ink-800 p-1 shadow-2xl ring-1 ring-ink-600">
          <Menu.RadioGroup value={current} onValueChange={(v) => void changeLanguage(v as Language)}>
            {LANGUAGES.map((l) => (
              <Menu.RadioItem
                key={l}
                value={l}
                lang={l}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-ink-700"
              >
                {labels[l]}
                <Menu.ItemIndicator className="text-accent">✓</Menu.ItemIndicator>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
