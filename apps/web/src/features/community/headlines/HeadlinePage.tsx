import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SkuSummary } from '@lantern/contract';
import { paths } from '../../../app/paths';
import { useAddToCart } from '../../../lib/cart';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useWhenSignedIn } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { DetailLoadFailed } from '../../../ui/ErrorViews';
import { LoadingBlock } from '../../../ui/LoadStates';
import { ReportAction } from '../../../ui/ReportAction';
import { SkuCard } from '../../../ui/SkuCard';
import { toast } from '../../../ui/toastStore';
import { Avatar } from '../../../ui/PostCard';
import { RichText } from '../components/RichText';
import { TargetDiscussion } from '../discussion/components/TargetDiscussion';
import { useHeadline } from './api/headlines';
import { HeadlineCover } from './HeadlineBits';

/** "Add to cart" on a game an article shows; a guest is asked to sign in first. */
function BuyButton({ sku }: { sku: SkuSummary }) {
  const { t } = useTranslation();
  const add = useAddToCart();
  const whenSignedIn = useWhenSignedIn();
  const onSale = sku.status === 'sale' || sku.status === 'pre_sale';
  if (!onSale) return <span className="text-xs text-muted">{t('headlines.not_on_sale')}</span>;
  return (
    <Button size="sm" loading={add.isPending} data-testid="headline-buy"
      onClick={() => whenSignedIn(() => add.mutate({ skuId: sku.id, physical: sku.cate === 'physical' }, {
        onSuccess: ({ already }) => toast.success(t(already ? 'headlines.already_in_cart' : 'headlines.added_to_cart')),
        onError: (e) => toast.fail(errorToText(t, e)),
      }))}>
      {t('headlines.add_to_cart')}
    </Button>
  );
}

/** /headlines/{id}: an article, its games with live prices and buy buttons, likes, comments and replies. */
export function HeadlinePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = Number(useParams().id);
  const headline = useHeadline(id);
  useDocumentTitle(headline.data?.title ?? t('headlines.title'));
  if (headline.isPending) return <LoadingBlock />;
  if (headline.isError) return <DetailLoadFailed error={headline.error} onRetry={() => headline.refetch()} />;
  const h = headline.data;
  const name = h.author.nickname || t('community.gone_author');
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="headline-page" data-id={h.id}>
      <nav aria-label={t('community.breadcrumb')} className="mb-4 flex flex-wrap gap-1 text-sm text-muted">
        <Link to={paths.headlines} className="hover:text-accent-strong">{t('headlines.title')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={paths.headlinesOf(h.section.id)} className="hover:text-accent-strong" data-testid="headline-section-link">{pickText(h.section.name, language)}</Link>
      </nav>
      <h1 className="text-2xl font-black leading-tight tracking-tight text-fg sm:text-4xl">{h.title}</h1>
      <p className="mt-3 text-base text-muted sm:text-lg">{h.summary}</p>
      <div className="mt-4 flex items-center gap-3">
        <Avatar name={name} url={h.author.avatar_url} />
        <div className="min-w-0">
          <Link to={paths.user(h.author.id)} className="font-semibold text-fg hover:text-accent-strong">{name}</Link>
          <p className="text-xs text-subtle">{formatDate(h.published_at_timestamp, language)}</p>
        </div>
      </div>
      {h.moderation_state !== 'published' ? (
        <p role="status" className="mt-4 rounded-[var(--radius-card)] bg-danger/10 p-3 text-sm text-danger ring-1 ring-danger/30">{t(`community.moderation_${h.moderation_state}`)}</p>
      ) : null}
      {h.cover_url ? <HeadlineCover h={h} eager className="mt-6 rounded-2xl" /> : null}
      {h.radio ? (
        <p className="mt-4 text-sm text-muted" data-testid="headline-radio">
          {t('headlines.hosts')}: {h.radio.accounts.map((a) => a.nickname).join(t('headlines.list_separator'))}
        </p>
      ) : null}
      <RichText html={h.content} className="mt-6" />
      {h.games.length > 0 ? (
        <section aria-labelledby="headline-games" className="mt-8" data-testid="headline-games">
          <h2 id="headline-games" className="mb-3 text-lg font-bold text-fg">{t('headlines.games')}</h2>
          <div className="flex flex-col gap-2">
            {h.games.map((sku) => <SkuCard key={sku.id} sku={sku} variant="row" action={<BuyButton sku={sku} />} />)}
          </div>
        </section>
      ) : null}
      <footer className="mt-8 flex flex-wrap items-center gap-4 border-t border-ink-700 pt-4 text-sm text-muted">
        <Link to={paths.headlinesOf(h.section.id)} className={buttonClass('ghost', 'sm')}>{t('headlines.more_in', { section: pickText(h.section.name, language) })}</Link>
        <ReportAction targetType="headline" targetId={h.id} subject={{ kind: 'headline', author: name, excerpt: h.title }} className={`ml-auto ${buttonClass('ghost', 'sm')}`} />
      </footer>
      {h.moderation_state === 'published' ? <TargetDiscussion type="Headline" id={h.id} likesCount={h.likes_count} /> : null}
    </article>
  );
}
