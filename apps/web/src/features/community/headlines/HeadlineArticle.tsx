import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeadlineDetail, SkuSummary } from '@lantern/contract';
import { paths } from '../../../lib/paths';
import { useAddToCart } from '../../../lib/cart';
import { errorToText } from '../../../lib/errors';
import { formatDate, useLanguage } from '../../../lib/localize';
import { useWhenSignedIn } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { SkuCard } from '../../../ui/SkuCard';
import { toast } from '../../../ui/toastStore';
import { Avatar } from '../../../ui/Avatar';
import { RichText } from '../components/RichText';
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

/**
 * An article as readers read it: title, summary, author, cover, hosts, the text and its games with live prices.
 * The article page and staff's preview of a draft both render this, so a preview is the article as published.
 */
export function HeadlineArticle({ h }: { h: HeadlineDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = h.author.nickname || t('community.gone_author');
  return (
    <>
      <h1 className="text-2xl font-black leading-tight tracking-tight text-fg sm:text-4xl">{h.title}</h1>
      <p className="mt-3 text-base text-muted sm:text-lg">{h.summary}</p>
      <div className="mt-4 flex items-center gap-3">
        <Avatar name={name} url={h.author.avatar_url} size={40} />
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
    </>
  );
}
