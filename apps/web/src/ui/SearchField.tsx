import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { SearchIcon } from './shellIcons';

/**
 * A search form of one rounded field with its magnifier and a label for screen readers. Its words are the
 * `search_label` and `search_placeholder` texts of the group `texts` names (the header's `nav`, the shop's `peripheral`).
 */
export function SearchField({
  id,
  texts,
  value,
  onChange,
  onSubmit,
  className,
  autoFocus,
}: {
  id: string;
  texts: 'nav' | 'peripheral';
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  className?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label className="sr-only" htmlFor={id}>
        {t(`${texts}.search_label`)}
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
      <input
        id={id}
        type="search"
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t(`${texts}.search_placeholder`)}
        className="h-10 w-full rounded-full bg-ink-850 pl-9 pr-4 text-sm text-fg ring-1 ring-inset ring-ink-700 placeholder:text-subtle focus:outline-none focus:ring-2 focus:ring-accent"
        enterKeyHint="search"
      />
    </form>
  );
}
