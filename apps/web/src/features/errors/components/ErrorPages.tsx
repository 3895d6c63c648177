import { useTranslation } from 'react-i18next';
import { ErrorLayout, NotFoundView, ServerErrorView } from '../../../ui/ErrorViews';

export function NotFoundPage() {
  return <NotFoundView />;
}

export function ServerErrorPage() {
  return <ServerErrorView />;
}

export function IpErrorPage() {
  const { t } = useTranslation();
  return <ErrorLayout testId="page-ip-error" code="IP" title={t('errors_page.ip_title')} body={t('errors_page.ip_body')} />;
}
