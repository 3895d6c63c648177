import type { CouponArea } from '@lantern/contract';
import { sortCouponAreas } from '@lantern/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { formatMoney, CouponFace } from '../../../ui/Money';
import { Section } from '../../../ui/Section';
import { toast } from '../../../ui/toastStore';
import { useClaimAreaCoupon, useHeldCouponIds } from '../api/couponAreaClaims';

/** The home block lists unknown entries in the contract: an area is taken when it has the fields this block reads. */
const isArea = (v: unknown): v is CouponArea =>
  typeof v === 'object' && v !== null && typeof (v as CouponArea).id === 'number' && Array.isArray((v as CouponArea).coupons) && typeof (v as CouponArea).title === 'object';

type Coupon = CouponArea['coupons'][number];

function CouponCard({ coupon, claimed, soldOut, onClaim, claiming }: { coupon: Coupon; claimed: boolean; soldOut: boolean; onClaim: () => void; claiming: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  return (
    <li className="flex min-w-0 overflow-hidden rounded-xl bg-ink-850 ring-1 ring-accent/30" data-testid="area-coupon" data-id={coupon.id}>
      <div className="grid w-20 shrink-0 place-items-center border-r border-dashed border-accent/40 bg-accent/10 px-2 text-center text-accent sm:w-24">
        <CouponFace coupon={coupon} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <p className="truncate text-sm font-semibold text-fg">{pickText(coupon.title, language)}</p>
        <p className="text-xs text-muted">
          {coupon.minimum_order > 0 ? t('coupons.minimum', { amount: formatMoney(coupon.minimum_order, site.currency, language) }) : t('coupons.no_minimum')}
        </p>
        {coupon.valid_until_timestamp ? <p className="text-[11px] text-subtle">{t('coupons.valid_until', { date: formatDate(coupon.valid_until_timestamp, language) })}</p> : null}
        <div className="mt-auto pt-1">
          <Button size="sm" variant={claimed ? 'secondary' : 'primary'} disabled={claimed || soldOut} loading={claiming} onClick={onClaim} data-testid="area-coupon-claim">
            {claimed ? t('coupon_areas.claimed') : soldOut ? t('coupon_areas.sold_out') : t('coupon_areas.claim')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The home's coupon areas (docs/product/deals.md#coupon-areas): each area's coupons with a claim button.
 * The block is the same for everyone; whether the viewer holds a coupon is read from the viewer's coupons.
 */
export function CouponAreasBlock({ items }: { items: unknown[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const held = useHeldCouponIds(!!me);
  const [soldOut, setSoldOut] = useState<ReadonlySet<number>>(new Set());
  const claim = useClaimAreaCoupon({
    onSuccess: () => toast.success(t('coupons.claimed')),
    onError: (e, couponId) => {
      if (isApiError(e) && (e.has('coupon', 'exhausted') || e.has('coupon', 'expired'))) setSoldOut((s) => new Set([...s, couponId]));
      toast.fail(errorToText(t, e));
    },
  });
  const areas = sortCouponAreas(items.filter(isArea).map((a) => ({ ...a, position: a.index }))).filter((a) => a.coupons.length > 0);
  if (areas.length === 0) return null;
  return (
    <div className="space-y-8" data-testid="coupon-areas">
      {areas.map((area) => (
        <Section key={area.id} id={`home-coupon-area-${area.id}`} title={pickText(area.title, language)} testId="coupon-area">
          <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {area.coupons.map((c) => (
              <CouponCard
                key={c.id}
                coupon={c}
                claimed={held.data?.has(c.id) ?? false}
                soldOut={soldOut.has(c.id) || c.left_amount <= 0}
                claiming={claim.isPending && claim.variables === c.id}
                onClaim={() => (me ? claim.mutate(c.id) : openSignIn())}
              />
            ))}
          </ul>
        </Section>
      ))}
    </div>
  );
}
