import type { TagRef } from '@lantern/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { SearchIcon } from '../../../ui/icons';

/** The shop's navigation tags as a scrolling strip, and a search limited to physical goods. */
export function PeriNav({ tags }: { tags: TagRef[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    navigate(`${paths.search}?${new URLSearchParams({ ...(k ? { keyword: k } : {}), cate: 'physical' }).toString()}`);
  };
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <nav aria-label={t('peripheral.nav')} className="min-w-0 flex-1">
        <ul className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:px-0 [&::-webkit-scrollbar]:hidden">
          <li className="shrink-0">
            <NavLink
              to={paths.peripheral}
              end
              className={({ isActive }) => cn('inline-block rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset transition', isActive ? 'bg-accent text-accent-ink ring-accent' : 'bg-ink-850 text-muted ring-ink-700 hover:text-fg')}
            >
              {t('peripheral.all')}
            </NavLink>
          </li>
          {tags.map((tag) => (
            <li key={tag.id} className="shrink-0">
              <NavLink
                to={paths.periTag(tag.id)}
                className={({ isActive }) => cn('inline-block rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset transition', isActive ? 'bg-accent text-accent-ink ring-accent' : 'bg-ink-850 text-muted ring-ink-700 hover:text-fg')}
                data-testid="peri-nav-tag"
              >
                {pickText(tag.name, language)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" onSubmit={submit} className="relative md:w-72">
        <label htmlFor="peri-search" className="sr-only">
          {t('peripheral.search_label')}
        </label>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
        <input
          id="peri-search"
          type="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t('peripheral.search_placeholder')}
          className="h-10 w-full rounded-full bg-ink-850 pl-9 pr-4 text-sm text-fg ring-1 ring-inset ring-ink-700 placeholder:text-subtle focus:outline-none focus:ring-2 focus:ring-accent"
          enterKeyHint="search"
        />
      </form>
    </div>
  );
}
