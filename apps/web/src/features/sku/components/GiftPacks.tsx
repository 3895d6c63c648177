import { sortGiftPacks } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { GiftIcon } from '../../../ui/icons';
import { formatMoney } from '../../../ui/Money';
import { Section } from '../../../ui/Section';
import { toast } from '../../../ui/toastStore';
import { useClaimGiftPack } from '../api/claimGiftPack';
import { useSkuService } from '../api/skuService';

/**
 * The game's gift packs (docs/product/deals.md#gift-packs): asked for signed-in users only, in gift-pack
 * order; claiming one adds all its coupons to the account's coupons, once.
 */
export function GiftPacks({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const { data: me } = useMe();
  const service = useSkuService(skuId, !!me);
  const claim = useClaimGiftPack(skuId, {
    onSuccess: (res) => toast.success(t('gift_packs.claimed', { count: res.account_coupon_ids.length })),
    onError: (e) => toast.fail(errorToText(t, e)),
  });
  if (!me || !service.data || service.data.gift_packs.length === 0) return null;
  return (
    <Section id="sku-gift-packs" title={t('sku.gift_packs')} testId="gift-packs">
      <ul className="space-y-3">
        {sortGiftPacks(service.data.gift_packs).map((pack) => (
          <li key={pack.id} className="rounded-xl border border-dashed border-accent/50 bg-accent/5 p-4" data-testid="gift-pack" data-id={pack.id}>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold text-fg">
                  <GiftIcon className="size-5 shrink-0 text-accent" />
                  {pickText(pack.title, language)}
                </p>
                {pack.to_timestamp ? <p className="mt-0.5 text-xs text-subtle">{t('gift_packs.until', { date: formatDate(pack.to_timestamp, language) })}</p> : null}
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('gift_packs.coupons')}>
                  {pack.coupons.map((c) => (
                    <li key={c.id} className="rounded-lg bg-ink-850 px-2.5 py-1 text-xs text-fg ring-1 ring-ink-700">
                      <span className="font-bold text-accent">
                        {c.discount_type === 'percentage' ? `${c.value}%` : formatMoney(c.value, site.currency, language).replace(/\.00$/, '')}
                      </span>{' '}
                      {c.minimum_order > 0 ? t('coupons.minimum', { amount: formatMoney(c.minimum_order, site.currency, language) }) : t('coupons.no_minimum')}
                    </li>
                  ))}
                </ul>
              </div>
              {pack.claimed ? (
                <Link to={paths.coupons} className="shrink-0 text-sm font-semibold text-accent hover:underline" data-testid="gift-pack-claimed">
                  {t('gift_packs.claimed_see')}
                </Link>
              ) : (
                <Button size="sm" className="shrink-0" loading={claim.isPending && claim.variables === pack.id} onClick={() => claim.mutate(pack.id)} data-testid="gift-pack-claim">
                  {t('gift_packs.claim')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
