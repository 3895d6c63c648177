import type { Me } from '@lantern/contract';
import { forwardRef, lazy, Suspense, useEffect, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGuideState } from '../lib/guideStore';
import { openSignIn } from '../lib/signInStore';
import { buttonClass } from '../ui/Button';
import { MenuTrigger } from '../ui/MenuTrigger';
import { ChevronDown } from '../ui/shellIcons';
import { useLazyOnce } from '../ui/useLazyOnce';
import { Avatar } from '../ui/Avatar';
import { paths } from '../lib/paths';

const loadMenu = () => import('./UserMenuContent');
const UserMenuContent = lazy(() => loadMenu().then((m) => ({ default: m.UserMenuContent })));

const Trigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { me: Me }>(function Trigger({ me, ...rest }, ref) {
  const { t } = useTranslation();
  return (
    <MenuTrigger
      ref={ref}
      className="inline-flex h-9 items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm text-fg hover:bg-ink-800"
      aria-label={t('nav.account_menu', { name: me.nickname })}
      data-testid="user-menu"
      {...rest}
    >
      <Avatar name={me.nickname} url={me.avatar_url} size={28} />
      <span className="hidden max-w-32 truncate font-medium lg:inline">{me.nickname}</span>
      <ChevronDown className="size-4 text-muted" />
    </MenuTrigger>
  );
});

/** Guests get sign-in and sign-up; an account gets its menu, whose Radix code loads on first use. */
export function UserMenu({ me }: { me: Me | null | undefined }) {
  const { t } = useTranslation();
  if (!me) {
    return (
      <div className="flex items-center gap-1.5">
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => openSignIn()} data-testid="header-sign-in">
          {t('nav.sign_in')}
        </button>
        <span className="hidden sm:contents">
          <Link to={paths.signUp} className={buttonClass('primary', 'sm')}>
            {t('nav.sign_up')}
          </Link>
        </span>
      </div>
    );
  }
  return <AccountMenu me={me} />;
}

/** Mounted only while signed in, so signing out and in again starts with the menu closed. */
function AccountMenu({ me }: { me: Me }) {
  const { armed, arm, untouched } = useLazyOnce(loadMenu);
  // The beginners' guide shows this menu at step 8 and hides it at step 9 (docs/product/screens.md#guide).
  const { menuOpen: guideHolds } = useGuideState();
  useEffect(() => {
    if (guideHolds) arm();
  }, [guideHolds, arm]);
  const plain = <Trigger me={me} {...untouched} />;
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenuContent me={me} trigger={<Trigger me={me} />} guideHolds={guideHolds} />
    </Suspense>
  );
}
