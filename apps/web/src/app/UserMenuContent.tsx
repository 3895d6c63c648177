import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Me } from '@lantern/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { replayGuide } from '../lib/guideStore';
import { useSignOut } from '../lib/session';
import { BellIcon, CompassIcon, GiftIcon, HeartIcon, HomeIcon, KeyIcon, LogoutIcon, PinIcon, ReceiptIcon, ShieldIcon, StarIcon, UserIcon } from '../ui/icons';
import { toast } from '../ui/toastStore';
import { paths } from '../lib/paths';
import { Avatar } from '../ui/Avatar';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-ink-700 [&_svg]:size-4 [&_svg]:text-muted';

/** The Radix part of the account menu, loaded on first use so the first page carries no Radix code. */
export function UserMenuContent({ me, trigger, guideHolds = false }: { me: Me; trigger: ReactNode; guideHolds?: boolean }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // Opened by its first click; the beginners' guide holds it open for its step 8 and closes it after
  // (docs/product/screens.md#guide), whatever focus or clicks do meanwhile.
  const [open, setOpen] = useState(true);
  const held = useRef(guideHolds);
  useEffect(() => {
    if (guideHolds) setOpen(true);
    else if (held.current) setOpen(false);
    held.current = guideHolds;
  }, [guideHolds]);
  return (
    <Menu.Root modal={false} open={open || guideHolds} onOpenChange={(o) => (guideHolds ? undefined : setOpen(o))}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          onCloseAutoFocus={(e) => guideHolds && e.preventDefault()}
          className="animate-dialog z-50 w-60 rounded-xl bg-ink-800 p-1.5 shadow-2xl ring-1 ring-ink-600"
          data-testid="user-menu-content"
        >
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
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.userCenter)} data-testid="menu-user-center">
            <HomeIcon /> {t('nav.user_center')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.orders)} data-testid="menu-orders">
            <ReceiptIcon /> {t('nav.orders')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.gameKeys)} data-testid="menu-keys">
            <KeyIcon /> {t('nav.game_keys')}
          </Menu.Item>
          {/* The moderation desk, for the accounts the server says may work it (GET /api/me: staff, or a group's moderators). */}
          {me.permissions.includes('api_staff') || (me.moderated_group_ids ?? []).length > 0 ? (
            <Menu.Item className={itemClass} onSelect={() => navigate(paths.moderationReports)} data-testid="menu-reports">
              <ShieldIcon /> {t('moderation.reports_title')}
            </Menu.Item>
          ) : null}
          <Menu.Separator className="my-1 h-px bg-ink-700" />
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.security)}>
            <ShieldIcon /> {t('nav.security')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.addresses)}>
            <PinIcon /> {t('nav.addresses')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.points)}>
            <StarIcon /> {t('nav.points')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.pointsShop)} data-testid="menu-points-shop">
            <GiftIcon /> {t('nav.points_shop')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.wishes)} data-testid="menu-wishes">
            <HeartIcon /> {t('nav.wishes')}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.feedbackFrom(window.location.pathname))} data-testid="menu-feedback">
            <BellIcon /> {t('feedback.menu')}
          </Menu.Item>
          {/* The beginners' guide, again (docs/product/screens.md#guide). */}
          <Menu.Item className={itemClass} onSelect={() => replayGuide()} data-testid="menu-guide">
            <CompassIcon /> {t('guide.replay')}
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-ink-700" />
          <Menu.Item
            className={itemClass}
            data-testid="sign-out"
            onSelect={async () => {
              try {
                await signOut();
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
