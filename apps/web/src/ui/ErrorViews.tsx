import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../lib/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { buttonClass } from './Button';
import { LoadFailed } from './LoadStates';

/** The error pages' look (docs/product/screens.md#error-pages): a large code, what happened, home and back. */
export function ErrorLayout({ code, title, body, extra, testId }: { code: string; title: string; body: string; extra?: ReactNode; testId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="relative mx-auto flex min-h-[65vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center" data-testid={testId}>
      <div aria-hidden="true" className="animate-glow pointer-events-none absolute top-10 -z-10 h-56 w-96 max-w-full rounded-full bg-accent/15 blur-3xl" />
      <p aria-hidden="true" className="bg-gradient-to-b from-accent-strong to-[#e4572e] bg-clip-text text-7xl font-black tracking-tighter text-transparent sm:text-8xl">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-fg sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-muted">{body}</p>
      {extra}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary', 'lg')}>
          {t('errors_page.go_home')}
        </Link>
        <button type="button" className={buttonClass('secondary', 'lg')} onClick={() => window.history.back()}>
          {t('errors_page.go_back')}
        </button>
      </div>
    </div>
  );
}

/** "Not found" where the missing thing was asked for: the address stays, as the server's 404 or 410 for it does. */
export function NotFoundView() {
  const { t } = useTranslation();
  return <ErrorLayout testId="page-404" code="404" title={t('errors_page.not_found_title')} body={t('errors_page.not_found_body')} />;
}

export function ServerErrorView() {
  const { t } = useTranslation();
  return <ErrorLayout testId="page-500" code="500" title={t('errors_page.server_title')} body={t('errors_page.server_body')} />;
}

/**
 * A detail page whose read failed: not found for a 404 or 410 (missing, deleted, removed), the server error page
 * for a 5xx, and a retry only for what a retry can mend (the network, a refusal that passes).
 */
export function DetailLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  if (isApiError(error) && (error.status === 404 || error.status === 410)) return <NotFoundView />;
  if (isApiError(error) && error.status >= 500) return <ServerErrorView />;
  return <LoadFailed error={error} onRetry={onRetry} />;
}
