import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toastStore';
import { useCollect, useShare } from '../api/collectAndShare';

/**
 * Collect (posts) and share (posts and talks): sharing copies the link to this site's page of the target
 * (docs/product/people.md#share); collecting twice says "already collected".
 */
export function ShareActions({ type, id }: { type: 'Post' | 'Talk'; id: number }) {
  const { t } = useTranslation();
  const collect = useCollect();
  const share = useShare();
  const site = useSite();
  const onShare = () =>
    share.mutate({ type, id, area: site.area }, {
      onSuccess: async (r) => {
        try {
          await navigator.clipboard.writeText(r.share.url);
          toast.success(t('people.link_copied'));
        } catch {
          toast.success(r.share.url);
        }
      },
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  const onCollect = () =>
    collect.mutate({ type: 'Post', id }, {
      onSuccess: () => toast.success(t('people.successful_collection')),
      onError: (e) => toast.fail(isApiError(e) && e.status === 400 && e.has('account', 'taken') ? t('people.already_collected_article') : errorToText(t, e)),
    });
  return (
    <span className="flex gap-2">
      {type === 'Post' ? <Button variant="ghost" size="sm" loading={collect.isPending} onClick={onCollect} data-testid="collect-button">{t('people.collect')}</Button> : null}
      <Button variant="ghost" size="sm" loading={share.isPending} onClick={onShare} data-testid="share-button">{t('people.share')}</Button>
    </span>
  );
}
