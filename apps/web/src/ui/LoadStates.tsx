import { useTranslation } from 'react-i18next';
import { errorToText } from '../lib/errors';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

/** What a page's body shows while its data loads. */
export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16 text-muted">
      <Spinner label={t('ui.loading')} />
    </div>
  );
}

/** A read that failed, in the page's own words, and a way to try again. */
export function RetryState({ title, body, onRetry, className }: { title: string; body: string; onRetry: () => unknown; className?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      className={className}
      title={title}
      body={body}
      action={
        <Button variant="secondary" onClick={() => void onRetry()}>
          {t('ui.retry')}
        </Button>
      }
    />
  );
}

/** What a page's body shows when its data could not be loaded: the reason, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return <RetryState title={t('errors_page.server_title')} body={errorToText(t, error)} onRetry={onRetry} />;
}

/** A read still loading or failed: the loading block, or the failure with a way to try again. */
export function ReadStatus({ read }: { read: { isPending: boolean; error: unknown; refetch: () => unknown } }) {
  return read.isPending ? <LoadingBlock /> : <LoadFailed error={read.error} onRetry={read.refetch} />;
}
