import { priceLabel } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, pickText, useLanguage, type LocalizedText } from '../../../lib/localize';
import { useSite } from '../../../lib/site';
import { Section } from '../../../ui/Section';

/**
 * Coupon areas and point-redeem draws. The modules that own them fill these lists later; the contract types
 * them as unknown, so each entry is read defensively and a block renders only when it has entries (no
 * placeholder while they are empty). Flash sales are typed and live in FlashSaleBlock.tsx.
 */
type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isLocalized = (v: unknown): v is LocalizedText => isRec(v) && typeof v.chs === 'string' && typeof v.en === 'string';

function textOf(v: unknown, language: string): string {
  if (typeof v === 'string') return v;
  return isLocalized(v) ? pickText(v, language) : '';
}

export function CouponAreas({ items }: { items: unknown[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const site = useSite();
  const coupons = items.flatMap((a) => (isRec(a) && Array.isArray(a.coupons) ? a.coupons : [a])).filter(isRec);
  if (coupons.length === 0) return null;
  return (
    <Section id="home-coupons" title={t('home.coupon_areas')} testId="coupon-areas">
      <ul className="flex flex-wrap gap-3">
        {coupons.map((c, i) => {
          const value = num(c.value);
          const minimum = num(c.minimum_order);
          const until = num(c.valid_until_timestamp);
          const percent = c.discount_type === 'percent';
          return (
            <li key={`${num(c.id) ?? i}`} className="flex min-w-44 flex-col rounded-xl border border-dashed border-accent/50 bg-accent/5 px-4 py-3">
              {value !== null ? (
                <span className="text-xl font-black text-accent">{percent ? `${value}%` : priceLabel(value, site.currency, language).text}</span>
              ) : null}
              {minimum ? <span className="text-xs text-muted">{t('home.coupon_minimum', { amount: priceLabel(minimum, site.currency, language).text })}</span> : null}
              {until ? <span className="text-xs text-subtle">{t('home.coupon_until', { date: formatDate(until, language) })}</span> : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function PointRedeems({ items }: { items: unknown[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const redeems = items.filter(isRec);
  if (redeems.length === 0) return null;
  return (
    <Section id="home-point-redeems" title={t('home.point_redeems')} testId="point-redeems">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {redeems.map((r, i) => {
          const points = num(r.points);
          const list = num(r.list_points);
          const left = num(r.left_count);
          return (
            <li key={`${num(r.id) ?? i}`} className="rounded-xl bg-ink-850 p-2 ring-1 ring-ink-700">
              {typeof r.cover === 'string' ? <img src={r.cover} alt="" width={920} height={430} loading="lazy" className="aspect-[92/43] w-full rounded-lg object-cover" /> : null}
              <p className="mt-2 truncate text-sm font-semibold text-fg">{textOf(r.title ?? r.name, language)}</p>
              <p className="mt-1 text-sm">
                {points !== null ? <span className="font-bold text-accent">{t('home.points_value', { count: points })}</span> : null}
                {list !== null && points !== null && list > points ? <s className="ml-2 text-xs text-subtle">{t('home.points_value', { count: list })}</s> : null}
              </p>
              {left !== null ? <p className="text-xs text-muted">{t('home.seckill_left', { count: left })}</p> : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
