import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from './cn';
import { DEALS_PAGES } from './dealsPages';

/**
 * The row of links at the top of each deals page. The header keeps one "Deals" entry rather than three, so
 * the main navigation fits beside the search box and the account buttons at every width.
 */
export function DealsNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.deals')} className={cn('-mx-1 mb-4 flex gap-1 overflow-x-auto px-1 pb-1', className)} data-testid="deals-nav">
      {DEALS_PAGES.map((p) => (
        <NavLink
          key={p.to}
          to={p.to}
          className={({ isActive }) =>
            cn(
              'whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ring-inset transition-colors',
              isActive ? 'bg-accent text-accent-ink ring-accent' : 'text-muted ring-ink-700 hover:text-fg hover:ring-ink-600',
            )
          }
        >
          {t(p.key)}
        </NavLink>
      ))}
    </nav>
  );
}
