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

/** One entry of the menu: its icon, then its words. */
function Item({ icon, onSelect, testId, children }: { icon: ReactNode; onSelect: () => unknown; testId?: string; children: ReactNode }) {
  return (
    <Menu.Item className={itemClass} onSelect={onSelect} data-testid={testId}>
      {icon} {children}
    </Menu.Item>
  );
}

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
          <Item icon={<UserIcon />} onSelect={() => navigate(paths.user(me.id))}>{t('nav.my_profile')}</Item>
          <Item icon={<HomeIcon />} onSelect={() => navigate(paths.userCenter)} testId="menu-user-center">{t('nav.user_center')}</Item>
          <Item icon={<ReceiptIcon />} onSelect={() => navigate(paths.orders)} testId="menu-orders">{t('nav.orders')}</Item>
          <Item icon={<KeyIcon />} onSelect={() => navigate(paths.gameKeys)} testId="menu-keys">{t('nav.game_keys')}</Item>
          {/* The moderation desk, for the accounts the server says may work it (GET /api/me: staff, or a group's moderators). */}
          {me.permissions.includes('api_staff') || (me.moderated_group_ids ?? []).length > 0 ? (
            <Item icon={<ShieldIcon />} onSelect={() => navigate(paths.moderationReports)} testId="menu-reports">{t('moderation.reports_title')}</Item>
          ) : null}
          <Menu.Separator className="my-1 h-px bg-ink-700" />
          <Item icon={<ShieldIcon />} onSelect={() => navigate(paths.security)}>{t('nav.security')}</Item>
          <Item icon={<PinIcon />} onSelect={() => navigate(paths.addresses)}>{t('nav.addresses')}</Item>
          <Item icon={<StarIcon />} onSelect={() => navigate(paths.points)}>{t('nav.points')}</Item>
          <Item icon={<GiftIcon />} onSelect={() => navigate(paths.pointsShop)} testId="menu-points-shop">{t('nav.points_shop')}</Item>
          <Item icon={<HeartIcon />} onSelect={() => navigate(paths.wishes)} testId="menu-wishes">{t('nav.wishes')}</Item>
          <Item icon={<BellIcon />} onSelect={() => navigate(paths.feedbackFrom(window.location.pathname))} testId="menu-feedback">{t('feedback.menu')}</Item>
          {/* The beginners' guide, again (docs/product/screens.md#guide). */}
          <Item icon={<CompassIcon />} onSelect={() => replayGuide()} testId="menu-guide">{t('guide.replay')}</Item>
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
