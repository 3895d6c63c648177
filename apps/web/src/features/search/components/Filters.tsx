import { priceLabel, type Currency, type Language } from '@lantern/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, useLanguage } from '../../../lib/localize';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { useCategories } from '../api/categories';
import { useTags } from '../api/tags';
import { KEY_TYPES, toMajorText, toMinorUnits, withChange, withPrice, type Cate, type KeyType, type SearchState } from '../searchState';

/** Price bands per currency (minor units, inclusive bounds); the custom range covers the rest. */
const BANDS: Record<Currency, [number | null, number | null][]> = {
  CNY: [[null, 0], [null, 5000], [5000, 10000], [10000, 20000], [20000, null]],
  USD: [[null, 0], [null, 1000], [1000, 2000], [2000, 4000], [4000, null]],
};

/** A price range in words; a bound of 0 reads "Free" (docs/product/catalogue.md#free-label). */
export function priceRangeText(t: (k: string, o?: Record<string, unknown>) => string, min: number | null, max: number | null, currency: Currency, language: Language): string {
  const label = (v: number) => priceLabel(v, currency, language).text;
  if (min === null && max === 0) return label(0);
  if (min !== null && max !== null) return min === max ? label(min) : t('search.price_between', { min: label(min), max: label(max) });
  if (max !== null) return t('search.price_up_to', { max: label(max) });
  if (min !== null) return t('search.price_from', { min: label(min) });
  return t('search.price_any');
}

function Group({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <div className="border-t border-ink-800 pt-4 first:border-t-0 first:pt-0">
      <fieldset className="m-0 min-w-0 border-0 p-0" data-testid={testId} aria-labelledby={id}>
        <legend id={id} className="mb-2 p-0 text-xs font-semibold uppercase tracking-wider text-subtle">
          {title}
        </legend>
        {children}
      </fieldset>
    </div>
  );
}

const optionClass = 'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-muted hover:bg-ink-800 hover:text-fg has-[:checked]:text-fg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent';
const boxClass = 'size-4 shrink-0 accent-[var(--color-accent)]';

function PriceFilter({ state, onChange }: { state: SearchState; onChange: (s: SearchState) => void }) {
  const { t } = useTranslation();
  const site = useSite();
  const language = useLanguage();
  const name = useId();
  const [min, setMin] = useState(state.priceMin === null ? '' : toMajorText(state.priceMin));
  const [max, setMax] = useState(state.priceMax === null ? '' : toMajorText(state.priceMax));
  const bands = BANDS[site.currency];
  const current = bands.findIndex(([a, b]) => a === state.priceMin && b === state.priceMax);
  const custom = current < 0 && (state.priceMin !== null || state.priceMax !== null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onChange(withPrice(state, min.trim() ? toMinorUnits(min) : null, max.trim() ? toMinorUnits(max) : null));
  };
  const symbol = priceLabel(100, site.currency, language).text.replace(/[\d.,\s]/g, '');
  return (
    <Group title={t('search.price')} testId="filter-price">
      <div className="space-y-0.5">
        <label className={optionClass}>
          <input type="radio" name={name} className={boxClass} checked={state.priceMin === null && state.priceMax === null} onChange={() => onChange(withPrice(state, null, null))} />
          {t('search.price_any')}
        </label>
        {bands.map(([a, b], i) => (
          <label key={i} className={optionClass}>
            <input type="radio" name={name} className={boxClass} checked={current === i} onChange={() => onChange(withPrice(state, a, b))} data-testid={`price-band-${i}`} />
            <span className={cn(a === null && b === 0 && 'font-medium text-success')}>{priceRangeText(t, a, b, site.currency, language)}</span>
          </label>
        ))}
      </div>
      <form onSubmit={apply} className="mt-3 flex items-end gap-2" data-testid="price-custom">
        {[
          { v: min, set: setMin, label: t('search.price_min'), key: 'min' },
          { v: max, set: setMax, label: t('search.price_max'), key: 'max' },
        ].map((f) => (
          <label key={f.key} className="min-w-0 flex-1 text-xs text-muted">
            {f.label}
            <span className="relative mt-1 block">
              <span aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-subtle">
                {symbol}
              </span>
              <input
                inputMode="decimal"
                value={f.v}
                onChange={(e) => f.set(e.target.value)}
                className={cn('h-9 w-full rounded-lg bg-ink-850 pl-6 pr-2 text-sm text-fg ring-1 ring-inset ring-ink-700 focus:outline-none focus:ring-2 focus:ring-accent', custom && 'ring-accent/60')}
                data-testid={`price-${f.key}`}
              />
            </span>
          </label>
        ))}
        <Button type="submit" variant="secondary" size="sm" className="h-9" data-testid="price-apply">
          {t('search.apply')}
        </Button>
      </form>
    </Group>
  );
}

const TYPES: { cate: Cate | null; key: string }[] = [
  { cate: null, key: 'search.type_all' },
  { cate: 'game', key: 'search.type_game' },
  { cate: 'physical', key: 'search.type_physical' },
];

/** The filter column: type, price, platform, category, tags. Every change goes to the URL (page 1). */
export function Filters({ state, onChange }: { state: SearchState; onChange: (s: SearchState) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categories = useCategories();
  const tags = useTags();
  const typeName = useId();
  const categoryName = useId();
  const [moreTags, setMoreTags] = useState(false);
  const togglePlatform = (k: KeyType) =>
    onChange(withChange(state, { platforms: state.platforms.includes(k) ? state.platforms.filter((p) => p !== k) : [...state.platforms, k] }));
  const toggleTag = (id: number) => onChange(withChange(state, { tags: state.tags.includes(id) ? state.tags.filter((x) => x !== id) : [...state.tags, id] }));
  const gameTags = (tags.data?.tags ?? []).filter((tg) => tg.kind !== 'peri');
  const shownTags = moreTags ? gameTags : gameTags.filter((tg, i) => i < 16 || state.tags.includes(tg.id));
  const cats = (categories.data?.categories ?? []).filter((c) => state.cate === null || (state.cate === 'physical' ? c.shop === 'peripheral' : c.shop === 'game'));

  return (
    <div className="space-y-4" data-testid="filters">
      <Group title={t('search.type')}>
        <div className="space-y-0.5">
          {TYPES.map((ty) => (
            <label key={ty.key} className={optionClass}>
              <input type="radio" name={typeName} className={boxClass} checked={state.cate === ty.cate} onChange={() => onChange(withChange(state, { cate: ty.cate, category: null }))} />
              {t(ty.key)}
            </label>
          ))}
        </div>
      </Group>
      <PriceFilter key={`${state.priceMin}-${state.priceMax}`} state={state} onChange={onChange} />
      <Group title={t('search.platform')} testId="filter-platform">
        <div className="grid grid-cols-2 gap-0.5 lg:grid-cols-1">
          {KEY_TYPES.map((k) => (
            <label key={k} className={optionClass}>
              <input type="checkbox" className={boxClass} checked={state.platforms.includes(k)} onChange={() => togglePlatform(k)} data-testid={`platform-${k}`} />
              {t(`sku.key_types.${k}`)}
            </label>
          ))}
        </div>
      </Group>
      {cats.length > 0 ? (
        <Group title={t('search.category')} testId="filter-category">
          <div className="space-y-0.5">
            <label className={optionClass}>
              <input type="radio" name={categoryName} className={boxClass} checked={state.category === null} onChange={() => onChange(withChange(state, { category: null }))} />
              {t('search.category_all')}
            </label>
            {cats.map((c) => (
              <label key={c.id} className={optionClass}>
                <input type="radio" name={categoryName} className={boxClass} checked={state.category === c.id} onChange={() => onChange(withChange(state, { category: c.id }))} />
                {pickText(c.name, language)}
              </label>
            ))}
          </div>
        </Group>
      ) : null}
      {gameTags.length > 0 ? (
        <Group title={t('search.tags')} testId="filter-tags">
          <div className="flex flex-wrap gap-1.5">
            {shownTags.map((tg) => {
              const on = state.tags.includes(tg.id);
              return (
                <button
                  key={tg.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggleTag(tg.id)}
                  className={cn(
                    'rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset transition',
                    on ? 'bg-accent/15 text-accent-strong ring-accent/60' : 'bg-ink-850 text-muted ring-ink-700 hover:text-fg hover:ring-ink-600',
                  )}
                  data-testid="tag-filter"
                >
                  {pickText(tg.name, language)}
                </button>
              );
            })}
          </div>
          {gameTags.length > 16 ? (
            <button type="button" className="mt-2 text-xs font-medium text-accent hover:underline" aria-expanded={moreTags} onClick={() => setMoreTags((m) => !m)}>
              {moreTags ? t('search.fewer_tags') : t('search.more_tags', { count: gameTags.length - 16 })}
            </button>
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}
