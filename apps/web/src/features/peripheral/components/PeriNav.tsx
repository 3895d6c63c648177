import type { TagRef } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { pickText, useLanguage } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { SearchField } from '../../../ui/SearchField';

const chipClass = ({ isActive }: { isActive: boolean }) =>
  cn('inline-block rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset transition', isActive ? 'bg-accent text-accent-ink ring-accent' : 'bg-ink-850 text-muted ring-ink-700 hover:text-fg');

/** The shop's navigation tags as a scrolling strip, and a search limited to physical goods. */
export function PeriNav({ tags }: { tags: TagRef[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <nav aria-label={t('peripheral.nav')} className="min-w-0 flex-1">
        <ul className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:px-0 [&::-webkit-scrollbar]:hidden">
          <li className="shrink-0">
            <NavLink
              to={paths.peripheral}
              end
              className={chipClass}
            >
              {t('peripheral.all')}
            </NavLink>
          </li>
          {tags.map((tag) => (
            <li key={tag.id} className="shrink-0">
              <NavLink
                to={paths.periTag(tag.id)}
                className={chipClass}
                data-testid="peri-nav-tag"
              >
                {pickText(tag.name, language)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SearchField
        id="peri-search"
        texts="peripheral"
        value={keyword}
        onChange={setKeyword}
        onSubmit={(k) => navigate(`${paths.search}?${new URLSearchParams({ ...(k ? { keyword: k } : {}), cate: 'physical' }).toString()}`)}
        className="md:w-72"
      />
    </div>
  );
}
