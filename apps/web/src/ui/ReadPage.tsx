import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, useLanguage, type LocalizedText } from '../lib/localize';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useErrorPage } from '../lib/useErrorPage';
import { PageSpinner } from './Spinner';

/**
 * A page about one thing read by its address (a bundle, a queue, a lottery, a red-packet event): a spinner while
 * it loads, the error page when it cannot be shown (lib/useErrorPage; `missing` when the answer names nothing),
 * the thing's title as the document's title, then the page itself.
 */
export function ReadPage<T>({
  read,
  title,
  missing,
  children,
}: {
  read: { data: T | null | undefined; isError: boolean; error: unknown };
  title: (data: T) => LocalizedText | string;
  missing?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const named = read.data ? title(read.data) : null;
  useDocumentTitle(typeof named === 'string' || named === null ? named : pickText(named, language));
  useErrorPage(read, { missing });
  if (!read.data) return <PageSpinner label={t('ui.loading')} />;
  return children(read.data);
}
