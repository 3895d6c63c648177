import { useTranslation } from 'react-i18next';
import { errorToText } from '../../../lib/errors';
import { Button } from '../../../ui/Button';
import { ImageUploadButton } from '../../../ui/ImageUploadButton';
import { toast } from '../../../ui/toastStore';
import { useSetBackground } from '../api/background';

/**
 * The owner's background controls on their own page: upload an image (it becomes the background at once) or go
 * back to the default. Only one's own uploads are accepted (docs/product/personal-pages.md#background).
 */
export function BackgroundControls({ accountId, current }: { accountId: number; current: string | null }) {
  const { t } = useTranslation();
  const set = useSetBackground(accountId);
  const apply = (url: string | null) =>
    set.mutate(url, {
      onSuccess: () => toast.success(t(url ? 'users.background_set' : 'users.background_reset')),
      onError: (e) => toast.fail(errorToText(t, e)),
    });
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="background-controls">
      <ImageUploadButton purpose="background" hint="screen-reader" label={t('users.background_change')} onUploaded={(r) => apply(r.url)} disabled={set.isPending} />
      {current ? (
        <Button variant="ghost" size="sm" loading={set.isPending} onClick={() => apply(null)} data-testid="background-reset">
          {t('users.background_default')}
        </Button>
      ) : null}
    </div>
  );
}
