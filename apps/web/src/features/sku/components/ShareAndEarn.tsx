import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { CopyButton } from '../../../ui/CopyButton';
import { Money } from '../../../ui/Money';
import { useCommissionScale } from '../api/commissionScale';

/**
 * "Share and earn" on a SKU's page (docs/product/distribution.md#on-the-web): for a signed-in account, when staff
 * gave the SKU a commission rate, what one sale at today's price earns and the link to share.
 */
export function ShareAndEarn({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const scale = useCommissionScale(skuId, !!me).data?.data;
  if (!me || !scale || scale.scaleBp <= 0) return null;
  const percent = scale.scaleBp / 100;
  return (
    <div className="space-y-2 rounded-xl bg-success/10 p-3 text-sm text-fg ring-1 ring-inset ring-success/30" data-testid="share-and-earn">
      <p className="font-semibold text-success">{t('distribution.sku_title')}</p>
      <p>
        {t('distribution.sku_rate', { percent })}{' '}
        <Money amount={scale.commission} currency={scale.currency} className="font-semibold" testId="share-and-earn-commission" />
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-900/70 px-2 py-1 text-xs" data-testid="share-and-earn-link">
          {scale.shareLink}
        </code>
        <CopyButton text={scale.shareLink} label={t('distribution.my_link')} testId="copy-share-and-earn-link" />
      </div>
      <Link to={paths.distribution} className="inline-block text-xs font-medium underline-offset-4 hover:underline">
        {t('distribution.see_earnings')}
      </Link>
    </div>
  );
}
