import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/session';
import { Section } from '../../../ui/Section';
import { SkuCards } from '../../../ui/SkuCard';
import { useSkuService } from '../api/skuService';

/** Games sharing this one's tags ("cross-sale"), for signed-in users; the same request as the gift packs. */
export function CrossSale({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const service = useSkuService(skuId, !!me);
  if (!me || !service.data || service.data.cross_sale.length === 0) return null;
  return (
    <Section id="sku-cross-sale" title={t('sku.cross_sale')} testId="cross-sale">
      <SkuCards skus={service.data.cross_sale.slice(0, 8)} variant="compact" className="divide-y divide-ink-800" />
    </Section>
  );
}
