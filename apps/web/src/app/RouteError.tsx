import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { buttonClass } from '../ui/Button';

/** A page that failed to load (a chunk lost after a deploy, or a render error): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{t('errors_page.crash_title')}</h1>
      <p className="text-muted">{t('errors_page.crash_body')}</p>
      <div className="flex gap-2">
        <button className={buttonClass('primary')} onClick={() => window.location.reload()}>
          {t('errors_page.reload')}
        </button>
        <Link className={buttonClass('secondary')} to="/" reloadDocument>
          {t('errors_page.go_home')}
        </Link>
      </div>
    </div>
  );
}
