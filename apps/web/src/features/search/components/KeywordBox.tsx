import { priceLabel } from '@lantern/domain';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { useDebounced } from '../../../lib/useDebounced';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { SearchIcon } from '../../../ui/icons';
import { useAutocomplete } from '../api/autocomplete';

const DEBOUNCE_MS = 200;

/**
 * The keyword field with suggestions while typing (WAI-ARIA combobox with a listbox): arrows move through
 * the suggestions, Enter opens the highlighted game or searches for the text, Escape closes the list.
 */
export function KeywordBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [value, setValue] = useState(keyword);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => setValue(keyword), [keyword]);

  const typed = useDebounced(value.trim(), DEBOUNCE_MS);
  const suggestions = useAutocomplete(open ? typed : '');
  const items = open && typed ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = items.length > 0;
  useEffect(() => setActive(-1), [typed]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setOpen(false);
    onSearch(value.trim());
  };
  const choose = (skuId: number) => {
    setOpen(false);
    navigate(paths.sku(skuId));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (items.length === 0) return;
      const n = items.length;
      const down = e.key === 'ArrowDown';
      setActive((a) => (down ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0 && items[active]) {
      e.preventDefault();
      choose(items[active]!.id);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        setValue('');
      }
    }
  };

  return (
    <form role="search" onSubmit={submit} className="relative flex gap-2" data-testid="search-form">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t('search.keyword_label')}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-subtle" />
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          placeholder={t('search.keyword_placeholder')}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-12 w-full rounded-xl bg-ink-850 pl-11 pr-4 text-base text-fg ring-1 ring-inset ring-ink-700 placeholder:text-subtle focus:outline-none focus:ring-2 focus:ring-accent"
          data-testid="search-keyword"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-[70vh] overflow-y-auto rounded-xl bg-ink-800 p-1.5 shadow-2xl ring-1 ring-ink-600"
          data-testid="autocomplete"
        >
          {items.map((s, i) => (
            <li
              key={s.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s.id)}
              onMouseMove={() => setActive(i)}
              className={cn('flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5', i === active && 'bg-ink-700')}
              data-testid="suggestion"
            >
              <img src={s.cover} alt="" width={920} height={430} loading="lazy" className="aspect-[92/43] w-20 shrink-0 rounded-md bg-ink-900 object-cover" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{pickText(s.name, language)}</span>
              <span className={cn('shrink-0 text-sm tabular-nums', s.sale_price === 0 ? 'text-success' : 'text-muted')}>{priceLabel(s.sale_price, s.currency, language).text}</span>
            </li>
          ))}
        </ul>
        <p className="sr-only" aria-live="polite">
          {expanded ? t('search.suggestions_count', { count: items.length }) : ''}
        </p>
      </div>
      <Button type="submit" size="lg" className="h-12 shrink-0" data-testid="search-submit">
        {t('search.submit')}
      </Button>
    </form>
  );
}
