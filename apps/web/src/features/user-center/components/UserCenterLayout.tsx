import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '../../../ui/cn';
import {
  CalendarIcon, GiftIcon, HeartIcon, HomeIcon, KeyIcon, LibraryIcon, LinkIcon, PinIcon, ReceiptIcon, ShieldIcon, StarIcon, TicketIcon, UplayIcon, UserIcon, WalletIcon,
} from '../../../ui/icons';
import { paths } from '../../../lib/paths';
import { RequireSignIn } from '../../../ui/RequireSignIn';

interface Item {
  to: string;
  key: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

/** The user-centre left menu (docs/product/screens.md#routes), in two groups: buying and the account. */
export const USER_CENTER_MENU: { group: string; items: Item[] }[] = [
  {
    group: 'nav.group_shopping',
    items: [
      { to: paths.userCenter, key: 'nav.uc_home', icon: HomeIcon, end: true },
      { to: paths.orders, key: 'nav.orders', icon: ReceiptIcon },
      { to: paths.gameKeys, key: 'nav.game_keys', icon: KeyIcon },
      { to: paths.uplayKeys, key: 'nav.uplay_keys', icon: UplayIcon },
      { to: paths.library, key: 'nav.library', icon: LibraryIcon },
      { to: paths.userReviews, key: 'nav.reviews', icon: StarIcon },
      { to: paths.coupons, key: 'nav.coupons', icon: TicketIcon },
      { to: paths.redeem, key: 'nav.redeem', icon: GiftIcon },
      { to: paths.wallet, key: 'nav.wallet', icon: WalletIcon },
    ],
  },
  {
    group: 'nav.group_account',
    items: [
      { to: paths.points, key: 'nav.points', icon: StarIcon },
      { to: paths.journeys, key: 'nav.journeys', icon: CalendarIcon },
      { to: paths.invites, key: 'nav.invites', icon: UserIcon },
      { to: paths.distribution, key: 'nav.distribution', icon: LinkIcon },
      { to: paths.wishes, key: 'nav.wishes', icon: HeartIcon },
      { to: paths.collections, key: 'people.collections', icon: StarIcon },
      { to: paths.blockList, key: 'people.block_list', icon: ShieldIcon },
      { to: paths.addresses, key: 'nav.addresses', icon: PinIcon },
      { to: paths.profile, key: 'nav.profile', icon: UserIcon },
      { to: paths.security, key: 'nav.security', icon: ShieldIcon },
      { to: paths.linkedAccounts, key: 'linked_accounts.menu', icon: LinkIcon },
    ],
  },
];

function Menu() {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is one sideways strip: bring the current page's item into view.
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft = current.offsetLeft - 12;
  }, [pathname]);
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex items-center gap-2.5 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'bg-ink-800 text-fg ring-1 ring-ink-600' : 'text-muted hover:bg-ink-850 hover:text-fg',
    );
  return (
    <nav aria-label={t('nav.user_center')} className="min-w-0 md:sticky md:top-24 md:self-start" data-testid="user-center-menu">
      {/* A phone scrolls one strip sideways, its right edge fading so a half-shown item reads as "more this way" rather
          than a word cut off; the extra end padding lets the last item scroll clear of the fade. From md up the menu
          is a column with its groups. */}
      <ul
        ref={list}
        className="relative -mx-3 flex snap-x gap-1 overflow-x-auto pb-1 pl-3 pr-12 [mask-image:linear-gradient(to_right,#000_calc(100%-3rem),transparent)] [scrollbar-width:thin] md:mx-0 md:flex-col md:gap-4 md:overflow-visible md:px-0 md:[mask-image:none]"
        data-testid="user-center-menu-strip"
      >
        {USER_CENTER_MENU.map((g) => (
          <li key={g.group} className="contents md:block">
            <p className="hidden px-3 pb-1 text-[11px] font-semibold uppercase tracking-wider text-subtle md:block">{t(g.group)}</p>
            <ul className="contents md:flex md:flex-col md:gap-0.5">
              {g.items.map(({ to, key, icon: Icon, end }) => (
                <li key={to} className="shrink-0 snap-start">
                  <NavLink to={to} end={end} className={link}>
                    <Icon className="size-4" />
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The user centre's frame (a layout route): sign-in required, the left menu beside the page. */
export function UserCenterLayout() {
  return (
    <RequireSignIn>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-3 py-6 sm:px-6 sm:py-10 md:grid-cols-[220px_minmax(0,1fr)]">
        <Menu />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </RequireSignIn>
  );
}
