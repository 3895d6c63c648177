import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { Button } from '../../../ui/Button';
import { HeartIcon } from '../../../ui/icons';
import { Pagination } from '../../../ui/Pagination';
import { SkuCard } from '../../../ui/SkuCard';
import { toast } from '../../../ui/toastStore';
import { useRemoveWish } from '../api/removeWish';
import { useWishlist } from '../api/wishlist';
import { SettingsShell } from './SettingsShell';
import { listHref, pageCount, useBackToLastPage, usePageParam } from '../../../lib/paging';
import { ListStates } from '../../../ui/ListStates';

/** /user_center/wishes: what the account wishes for on this site, paged, each removable. */
export function WishesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = usePageParam();
  const list = useWishlist(page);
  const remove = useRemoveWish({
    onSuccess: (_res, skuId) => {
      const name = list.data?.skus.find((s) => s.id === skuId);
      toast.success(name ? t('wishes.removed', { name: pickText(name.sku_names, language) }) : t('ui.delete_success'));
    },
    onError: (e) => toast.fail(errorToText(t, e)),
  });
  const meta = list.data?.meta;
  const pages = pageCount(meta);
  // Removing the last item of the last page: step back to the page that still has items.
  useBackToLastPage(!!meta, page, pages, (last) => listHref(paths.wishes, { page: last > 1 && last }));

  return (
    <SettingsShell title={t('wishes.title')} subtitle={meta ? t('wishes.count', { count: meta.total_count }) : undefined}>
      <ListStates
        read={list}
        isEmpty={(data) => data.skus.length === 0}
        empty={{ icon: <HeartIcon className="size-6" />, texts: 'wishes', browse: 'wishes.browse' }}
      >
        {(data) => (
          <>
            <ul className="space-y-2.5" data-testid="wishes-list">
              {data.skus.map((sku) => (
                <li key={sku.id}>
                  <SkuCard
                    sku={sku}
                    variant="row"
                    note={<span className="text-subtle">{t('wishes.added_on', { date: formatDate(sku.wished_at_timestamp, language) })}</span>}
                    action={
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => remove.mutate(sku.id)}
                        loading={remove.isPending && remove.variables === sku.id}
                        data-testid="wish-remove"
                      >
                        {t('wishes.remove')}
                        <span className="sr-only"> {pickText(sku.sku_names, language)}</span>
                      </Button>
                    }
                  />
                </li>
              ))}
            </ul>
            <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => (p > 1 ? `${paths.wishes}?page=${p}` : paths.wishes)} />
          </>
        )}
      </ListStates>
    </SettingsShell>
  );
}
