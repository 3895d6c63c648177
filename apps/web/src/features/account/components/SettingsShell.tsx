import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../app/paths';
import { cn } from '../../../ui/cn';
import { HeartIcon, PinIcon, ShieldIcon, StarIcon, UserIcon } from '../../../ui/icons';

const ITEMS = [
  { to: paths.profile, key: 'nav.profile', icon: UserIcon },
  { to: paths.security, key: 'nav.security', icon: ShieldIcon },
  { to: paths.addresses, key: 'nav.addresses', icon: PinIcon },
  { to: paths.points, key: 'nav.points', icon: StarIcon },
  { to: paths.wishes, key: 'nav.wishes', icon: HeartIcon },
] as const;

/** The user-centre frame: a left menu (a scrolling strip on a phone) beside the page. */
export function SettingsShell({ title, subtitle, aside, children }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-3 py-6 sm:px-6 sm:py-10 grid-cols-[minmax(0,1fr)] md:grid-cols-[220px_minmax(0,1fr)]">
      <nav aria-label={t('nav.user_center')} className="min-w-0 md:sticky md:top-24 md:self-start">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wider text-subtle md:block">{t('nav.user_center')}</p>
        <ul className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-col md:px-0">
          {ITEMS.map(({ to, key, icon: Icon }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    isActive ? 'bg-ink-800 text-fg ring-1 ring-ink-600' : 'text-muted hover:bg-ink-850 hover:text-fg',
                  )
                }
              >
                <Icon className="size-4" />
                {t(key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
          </div>
          {aside}
        </div>
        {children}
      </section>
    </div>
  );
}
