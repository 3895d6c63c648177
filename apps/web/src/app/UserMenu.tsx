import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signOut } from '../lib/session';
import { openSignIn } from '../lib/signInStore';
import { buttonClass } from '../ui/Button';
import { ChevronDown, LogoutIcon, PinIcon, ShieldIcon, StarIcon, UserIcon } from '../ui/icons';
import { toast } from '../ui/Toast';
import { paths } from './paths';

export function Avatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: number }) {
  const initial = [...(name.trim() || '?')][0]!.toUpperCase();
  if (url) return <img src={url} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-[#e4572e] font-bold text-accent-ink"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-ink-700 [&_svg]:size-4 [&_svg]:text-muted';

export function UserMenu({ me }: { me: Me | null | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
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
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-9 items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm text-fg hover:bg-ink-800"
        aria-label={t('nav.account_menu', { name: me.nickname })}
        data-testid="user-menu"
      >
        <Avatar name={me.nickname} url={me.avatar_url} size={28} />
        <span className="hidden max-w-32 truncate font-medium lg:inline">{me.nickname}</span>
        <ChevronDown className="size-4 text-muted" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="animate-dialog z-50 w-60 rounded-xl bg-ink-800 p-1.5 shadow-2xl ring-1 ring-ink-600">
          <div className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={me.nickname} url={me.avatar_url} size={36} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-fg">{me.nickname}</p>
              <p className="text-xs text-muted">{t('points.total', { count: me.point.total_score })}</p>
            </div>
          </div>
          <Menu.Separator className="my-1 h-px bg-ink-700" />
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.user(me.id))}>
            <UserIcon /> {t('nav.my_profile')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.security)}>
            <ShieldIcon /> {t('nav.security')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.addresses)}>
            <PinIcon /> {t('nav.addresses')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.points)}>
            <StarIcon /> {t('nav.points')}
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-ink-700" />
          <Menu.Item
            className={itemClass}
            data-testid="sign-out"
            onSelect={async () => {
              try {
                await signOut(client);
                toast.success(t('auth.signed_out'));
              } catch {
                toast.success(t('auth.signed_out'));
              }
              navigate(paths.root);
            }}
          >
            <LogoutIcon /> {t('nav.sign_out')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
