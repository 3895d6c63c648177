import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

export interface LinkTab {
  key: string;
  label: ReactNode;
  to: string;
  count?: number;
}

/**
 * Tabs whose state lives in the URL (a category, an order state): links with `aria-current`, so each view
 * can be shared, reloaded and reached with the back button. Scrolls sideways on a phone.
 */
export function LinkTabs({ tabs, active, label, className, testId }: { tabs: readonly LinkTab[]; active: string; label: string; className?: string; testId?: string }) {
  return (
    <nav aria-label={label} className={cn('-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0', className)} data-testid={testId}>
      <ul className="flex w-max min-w-full gap-1 rounded-xl bg-ink-900 p-1 ring-1 ring-inset ring-ink-700 sm:w-auto">
        {tabs.map((tab) => {
          const on = tab.key === active;
          return (
            <li key={tab.key} className="flex-1">
              <Link
                to={tab.to}
                replace
                aria-current={on ? 'page' : undefined}
                data-tab={tab.key}
                className={cn(
                  'flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors',
                  on ? 'bg-ink-700 text-fg shadow' : 'text-muted hover:text-fg',
                )}
              >
                {tab.label}
                {tab.count ? (
                  <span className={cn('rounded-full px-1.5 text-[11px] font-bold tabular-nums', on ? 'bg-accent text-accent-ink' : 'bg-ink-800 text-muted')}>{tab.count}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
