import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ActivationResult, GameKeyEntry } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { deliveryText } from '../../../lib/keys';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { SkuLineHead } from '../../../ui/SkuLineHead';
import { CopyButton } from '../../../ui/CopyButton';
import { EmptyState } from '../../../ui/EmptyState';
import { KeyActivate, KeyReveal } from '../../../ui/GameKey';
import { KeyIcon, UplayIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { Pagination } from '../../../ui/Pagination';
import { gameKeysQuery, uplayKeysQuery, useRecordUplayActivation, virtualCodesQuery, type GameKeysResponse, type KeyDeliveryFilter } from '../api/gameKeys';
import { ReadStatus } from '../../../ui/LoadStates';
import { listHref, pageCount } from '../../../lib/paging';

const pageOf = (params: URLSearchParams) => {
  const n = Number(params.get('page'));
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
};

function statusTone(status: string) {
  if (status === 'activated' || status === 'enabled') return 'bg-success/15 text-success ring-success/30';
  if (status === 'failed') return 'bg-danger/15 text-danger ring-danger/30';
  return 'bg-ink-800 text-muted ring-ink-600';
}

/** One key: the game, its platform, how its delivery stands, and — once delivered — reveal, copy, activate. */
function KeyRow({ entry, code, onActivated }: { entry: GameKeyEntry & { code?: string | null }; code?: boolean; onActivated?: (r: ActivationResult) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const name = localize(entry.sku_names);
  const delivered = entry.delivery.state === 'delivered' && entry.id !== null;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="key-row" data-key-id={entry.id ?? ''} data-delivery={entry.delivery.state} data-status={entry.activation_status}>
      <SkuLineHead
        skuId={entry.sku_id}
        name={name}
        nameClassName="line-clamp-1"
        icon={
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-ink-800 text-accent" aria-hidden="true">
            {entry.key_type === 'uplay' ? <UplayIcon className="size-5" /> : <KeyIcon className="size-5" />}
          </span>
        }
      >
        <p className="text-xs text-muted">
          {localize(entry.type_desc)} · {t('orders.number', { id: entry.order_id })}
          {entry.assigned_at_timestamp ? ` · ${formatDate(entry.assigned_at_timestamp, language)}` : ''}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          {delivered ? (
            <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset', statusTone(entry.activation_status))}>{t(`keys.status_${entry.activation_status}`)}</span>
          ) : (
            <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset', entry.delivery.state === 'pre_ordered' ? 'bg-info/15 text-info ring-info/30' : 'bg-accent/15 text-accent-strong ring-accent/30')} data-testid="delivery-state">
              {deliveryText(t, entry.delivery)}
            </span>
          )}
          {entry.activation_status === 'failed' && entry.activation_error ? <span className="text-[11px] text-danger">{t('keys.last_error', { code: entry.activation_error })}</span> : null}
        </div>
      </SkuLineHead>
      {delivered ? (
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {code && entry.code ? (
            <div className="flex flex-wrap items-center gap-2">
              <code className="select-all rounded-lg bg-ink-950 px-3 py-1.5 font-mono text-sm tracking-wider text-accent-strong ring-1 ring-inset ring-ink-700" data-testid="key-code">
                {entry.code}
              </code>
              <CopyButton text={entry.code} label={name} testId="key-copy" />
            </div>
          ) : (
            <KeyReveal keyId={entry.id!} label={name} />
          )}
          <KeyActivate keyId={entry.id!} kind={entry.kind} status={entry.activation_status} label={name} onDone={onActivated} />
        </div>
      ) : null}
    </li>
  );
}

function KeyList({ query, empty, code, onActivated, hrefFor, page }: { query: UseQueryResult<{ game_keys: (GameKeyEntry & { code?: string | null })[]; meta: GameKeysResponse['meta'] }>; empty: { title: string; body: string }; code?: boolean; onActivated?: (id: number, r: ActivationResult) => void; hrefFor: (p: number) => string; page: number }) {
  const { t } = useTranslation();
  if (query.isPending || query.isError) return <ReadStatus read={query} />;
  const list = query.data.game_keys;
  if (list.length === 0)
    return (
      <EmptyState
        icon={<KeyIcon className="size-6" />}
        title={empty.title}
        body={empty.body}
        action={
          <Link to={paths.root} className={buttonClass('primary')}>
            {t('cart.browse')}
          </Link>
        }
      />
    );
  const pages = pageCount(query.data.meta);
  return (
    <>
      <Card>
        <ul className="divide-y divide-ink-700/70" data-testid="key-list">
          {list.map((k) => (
            <KeyRow key={`${k.order_game_id}-${k.id ?? 'waiting'}`} entry={k} code={code} onActivated={k.id !== null && onActivated ? (r) => onActivated(k.id!, r) : undefined} />
          ))}
        </ul>
      </Card>
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}

const DELIVERY: KeyDeliveryFilter[] = ['all', 'delivered', 'pre_ordered', 'ordering'];

/** /user_center/keys: my platform keys (reveal, copy, activate) and, on the second tab, virtual goods' codes. */
export function GameKeysPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const virtual = params.get('type') === 'virtual';
  const deliveryParam = params.get('delivery') as KeyDeliveryFilter | null;
  const delivery: KeyDeliveryFilter = deliveryParam && DELIVERY.includes(deliveryParam) ? deliveryParam : 'all';
  const keys = useQuery({ ...gameKeysQuery(page, delivery), enabled: !virtual });
  const codes = useQuery({ ...virtualCodesQuery(page), enabled: virtual });
  useDocumentTitle(t('nav.game_keys'));
  const href = (o: { type?: 'virtual'; delivery?: KeyDeliveryFilter; page?: number }) =>
    listHref(paths.gameKeys, { type: o.type, delivery: o.delivery !== 'all' && o.delivery, page: o.page !== undefined && o.page > 1 && o.page });
  return (
    <CenterSection title={t('nav.game_keys')} subtitle={t('keys.subtitle')} testId="game-keys-page">
      <LinkTabs
        tabs={[
          { key: 'keys', label: t('keys.tab_keys'), to: href({}) },
          { key: 'virtual', label: t('keys.tab_virtual'), to: href({ type: 'virtual' }) },
        ]}
        active={virtual ? 'virtual' : 'keys'}
        label={t('keys.tabs')}
        className="mb-3"
      />
      {!virtual ? (
        <div className="mb-4 flex flex-wrap gap-1.5" role="group" aria-label={t('keys.delivery_filter')}>
          {DELIVERY.map((d) => (
            <Link key={d} to={href({ delivery: d })} replace aria-current={d === delivery ? 'true' : undefined} className={cn('rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset', d === delivery ? 'bg-accent/15 text-accent-strong ring-accent/40' : 'text-muted ring-ink-700 hover:text-fg')}>
              {t(`keys.delivery_${d}`)}
            </Link>
          ))}
        </div>
      ) : null}
      {virtual ? (
        <KeyList query={codes} code empty={{ title: t('keys.empty_virtual'), body: t('keys.empty_body') }} page={page} hrefFor={(p) => href({ type: 'virtual', page: p })} />
      ) : (
        <KeyList query={keys} empty={{ title: t('keys.empty_keys'), body: t('keys.empty_body') }} page={page} hrefFor={(p) => href({ delivery, page: p })} />
      )}
    </CenterSection>
  );
}

/**
 * /user_center/uplay_keys: the Uplay keys. The list is reused while under 50 s old (staleTime; docs/product/buying.md#key-list-cache);
 * enabling a key marks it enabled in that cached list at once (it "persists locally", docs/product/buying.md#uplay-keys).
 */
export function UplayKeysPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery(uplayKeysQuery(page));
  const recordActivation = useRecordUplayActivation(page);
  useDocumentTitle(t('nav.uplay_keys'));
  return (
    <CenterSection title={t('nav.uplay_keys')} subtitle={t('keys.uplay_subtitle')} testId="uplay-keys-page">
      <KeyList
        query={q}
        empty={{ title: t('keys.empty_uplay'), body: t('keys.empty_body') }}
        page={page}
        hrefFor={(p) => (p > 1 ? `${paths.uplayKeys}?page=${p}` : paths.uplayKeys)}
        onActivated={recordActivation}
      />
      <p className="mt-4 text-xs text-muted">{t('keys.uplay_cache_note')}</p>
    </CenterSection>
  );
}

