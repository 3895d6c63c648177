import type { SkuSummary } from '@lantern/contract';
import { groupSeckills, priceLabel, secondsToMs, seckillStatus, type Currency } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatCountdown, secondsUntil, useNowSeconds } from '../../../lib/countdown';
import { formatDate, pickText, useLanguage, type LocalizedText } from '../../../lib/localize';
import { useSite } from '../../../lib/site';
import { Cover } from '../../../ui/Cover';
import { Section } from '../../../ui/Section';

/**
 * Flash sales, coupon areas and point-redeem draws. The promotions module fills these lists later; the
 * contract types them as unknown, so each entry is read defensively and a block renders only when it has
 * entries (no placeholder while they are empty).
 */
type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isSku = (v: unknown): v is SkuSummary => isRec(v) && typeof v.id === 'number' && isRec(v.sku_names) && isRec(v.sku_covers);
const isLocalized = (v: unknown): v is LocalizedText => isRec(v) && typeof v.chs === 'string' && typeof v.en === 'string';

function textOf(v: unknown, language: string): string {
  if (typeof v === 'string') return v;
  return isLocalized(v) ? pickText(v, language) : '';
}

interface SeckillEntry {
  id: number;
  from_timestamp: number;
  to_timestamp: number;
  price: number | null;
  left: number | null;
  sku: SkuSummary | null;
  title: unknown;
}

function readSeckill(v: unknown): SeckillEntry | null {
  if (!isRec(v)) return null;
  const from = num(v.from_timestamp);
  const to = num(v.to_timestamp);
  if (from === null || to === null) return null;
  const sku = isSku(v.sku) ? v.sku : Array.isArray(v.skus) && isSku(v.skus[0]) ? v.skus[0] : null;
  return { id: num(v.id) ?? 0, from_timestamp: from, to_timestamp: to, price: num(v.price), left: num(v.left), sku, title: v.title ?? v.name };
}

export function FlashSales({ items }: { items: unknown[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const nowSec = useNowSeconds();
  const now = secondsToMs(nowSec);
  const entries = items.map(readSeckill).filter((e): e is SeckillEntry => e !== null);
  // Current, then upcoming (docs/product/deals.md#flash-sale-status); ended ones (history) are not sold from the home page.
  const { current, pre } = groupSeckills(entries, now);
  const shown = [...current, ...pre];
  if (shown.length === 0) return null;
  return (
    <Section id="home-seckills" title={t('home.seckills')} testId="seckills">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {shown.map((e, i) => {
          const status = seckillStatus(now, e.from_timestamp, e.to_timestamp);
          const name = e.sku ? pickText(e.sku.sku_names, language) : textOf(e.title, language);
          const currency = (e.sku?.currency ?? 'CNY') as Currency;
          const body = (
            <>
              {e.sku ? <Cover src={e.sku.sku_covers.horizontal} shape="horizontal" className="rounded-lg" /> : null}
              <p className="mt-2 truncate text-sm font-semibold text-fg">{name}</p>
              <div className="mt-1 flex items-center justify-between gap-2 text-xs">
                {e.price !== null ? <span className="text-base font-bold text-accent">{priceLabel(e.price, currency, language).text}</span> : <span />}
                {e.left !== null ? <span className="text-muted">{t('home.seckill_left', { count: e.left })}</span> : null}
              </div>
              <p className="mt-1 text-xs tabular-nums text-muted">
                {status === 'current'
                  ? t('home.seckill_ends_in', { time: formatCountdown(secondsUntil(e.to_timestamp, nowSec)) })
                  : t('home.seckill_starts_in', { time: formatCountdown(secondsUntil(e.from_timestamp, nowSec)) })}
              </p>
            </>
          );
          return (
            <li key={`${e.id}-${i}`} className="rounded-xl bg-ink-850 p-2 ring-1 ring-accent/30">
              {e.sku ? (
                <Link to={paths.sku(e.sku.id)} className="block">
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
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
