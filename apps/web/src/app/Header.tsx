import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCartCount } from '../lib/cartCount';
import { useLiveState, type LiveState } from '../lib/live';
import { useMe } from '../lib/session';
import { cn } from '../ui/cn';
import { isDealsPath } from '../ui/dealsPages';
import { SearchField } from '../ui/SearchField';
import { BellIcon, CartIcon, LanternMark, MenuIcon, SearchIcon } from '../ui/shellIcons';
import { LanguageSwitch } from './LanguageSwitch';
import { paths } from '../lib/paths';
import { UserMenu } from './UserMenu';

const NAV = [
  { to: paths.root, key: 'nav.store', end: true },
  { to: paths.peripheral, key: 'nav.peripherals', end: false },
  // One entry for the deals pages (flash sales, bundles, points shop), which link to each other (ui/DealsNav).
  { to: paths.flashSales, key: 'nav.deals', end: false, section: isDealsPath },
  { to: paths.community, key: 'nav.community', end: false },
  { to: paths.headlines, key: 'nav.headlines', end: false },
] as const;

export function Brand() {
  const { t } = useTranslation();
  return (
    <Link to={paths.root} className="group flex shrink-0 items-center gap-2" aria-label={t('brand.home_label')}>
      <LanternMark className="size-8 drop-shadow-[0_0_10px_rgb(245_165_36/0.45)]" />
      <span className="flex items-baseline gap-1.5">
        <span className="text-lg font-extrabold tracking-tight text-fg">Lantern</span>{' '}
        <span className="text-sm font-semibold text-accent">灯笼</span>
      </span>
    </Link>
  );
}

function SearchBox({ className, autoFocus }: { className?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (location.pathname === paths.search) setValue(params.get('keyword') ?? '');
  }, [location.pathname, params]);
  return (
    <SearchField
      id="site-search"
      texts="nav"
      value={value}
      onChange={setValue}
      onSubmit={(keyword) => navigate(keyword ? paths.searchFor(keyword) : paths.search)}
      className={className}
      autoFocus={autoFocus}
    />
  );
}

const LIVE_DOT: Record<LiveState, string> = { loading: 'bg-subtle', live: 'bg-success', timeout: 'bg-amber-400 animate-pulse' };

/** The live connection's state, discreetly: a dot on the messages link; its words are in the link's title. */
function LiveDot({ state }: { state: LiveState }) {
  return <span data-testid="live-state" data-state={state} aria-hidden className={cn('absolute bottom-1 right-1 size-1.5 rounded-full ring-2 ring-ink-950', LIVE_DOT[state])} />;
}

function IconLink({ to, label, badge, children, testId, className, title }: { to: string; label: string; badge?: number; children: React.ReactNode; testId?: string; className?: string; title?: string }) {
  return (
    <Link
      to={to}
      aria-label={badge ? `${label} (${badge})` : label}
      title={title ?? label}
      data-testid={testId}
      data-count={badge ?? 0}
      className={cn('relative grid size-9 place-items-center rounded-lg text-muted hover:bg-ink-800 hover:text-fg', className)}
    >
      {children}
      {badge ? (
        <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-accent px-1 text-center text-[10px] font-bold leading-4 text-accent-ink">
          {badge > 99 ? '99+' : badge}
        </span>
      ) : null}
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  const unread = me ? me.badges.private_messages + me.badges.notifications : 0;
  const inCart = useCartCount();
  const live = useLiveState();

  /** An entry that stands for several pages (Deals) shows as current on any of them. */
  const inSection = (entry: (typeof NAV)[number]) => 'section' in entry && entry.section(location.pathname);
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'relative whitespace-nowrap rounded-lg px-2 py-2 text-sm font-semibold transition-colors xl:px-3',
      isActive ? 'text-fg after:absolute after:inset-x-2 after:-bottom-[13px] xl:after:inset-x-3 after:h-0.5 after:rounded-full after:bg-accent' : 'text-muted hover:text-fg',
    );

  return (
    <header className="sticky top-0 z-30 border-b border-ink-800 bg-ink-950/85 backdrop-blur-md supports-[backdrop-filter]:bg-ink-950/70">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-accent focus:px-3 focus:py-2 focus:text-accent-ink">
        {t('nav.skip_to_content')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <button
          type="button"
          className="grid size-9 place-items-center rounded-lg text-muted hover:bg-ink-800 hover:text-fg lg:hidden"
          aria-label={t('nav.menu')}
          aria-expanded={open}
          aria-controls="mobile-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <MenuIcon className="size-5" />
        </button>
        <Brand />
        <nav aria-label={t('nav.main')} className="ml-2 hidden items-center gap-1 lg:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end} className={({ isActive }) => navLinkClass({ isActive: isActive || inSection(n) })}>
              {t(n.key)}
            </NavLink>
          ))}
        </nav>
        <SearchBox className="mx-auto hidden w-full max-w-sm xl:block" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1 xl:ml-0">
          {/* Phones search from the menu panel, tablets and small laptops from the search page: the header keeps room for the account buttons. */}
          <span className="hidden sm:contents xl:hidden">
            <IconLink to={paths.search} label={t('nav.search')} testId="header-search-link">
              <SearchIcon className="size-5" />
            </IconLink>
          </span>
          <IconLink to={paths.cart} label={t('nav.cart')} badge={inCart} testId="header-cart">
            <CartIcon className="size-5" />
          </IconLink>
          <IconLink
            to={paths.messages}
            label={t('nav.messages')}
            badge={unread}
            testId="header-messages"
            title={me ? `${t('nav.messages')} · ${t(`live.state_${live}`)}` : undefined}
          >
            <BellIcon className="size-5" />
            {me ? <LiveDot state={live} /> : null}
          </IconLink>
          {me && live === 'timeout' ? (
            <span role="status" className="hidden whitespace-nowrap text-xs text-subtle md:inline" data-testid="live-reconnecting">
              {t('live.reconnecting')}
            </span>
          ) : null}
          <div className="hidden sm:block">
            <LanguageSwitch />
          </div>
          <div className="ml-1">
            <UserMenu me={me} />
          </div>
        </div>
      </div>
      {open ? (
        <div id="mobile-nav" className="border-t border-ink-800 bg-ink-950 px-4 pb-4 pt-3 lg:hidden">
          <SearchBox className="mb-3" />
          <nav aria-label={t('nav.main')} className="flex flex-col">
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end={n.end}
                className={({ isActive }) => cn('rounded-lg px-3 py-2.5 font-semibold', isActive || inSection(n) ? 'bg-ink-800 text-fg' : 'text-muted')}
              >
                {t(n.key)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 border-t border-ink-800 pt-3 sm:hidden">
            <LanguageSwitch labelled />
          </div>
        </div>
      ) : null}
    </header>
  );
}
