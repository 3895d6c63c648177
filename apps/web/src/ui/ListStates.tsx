import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { buttonClass } from './Button';
import { EmptyState } from './EmptyState';
import { LoadFailed, LoadingBlock } from './LoadStates';

interface ListRead<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list page's body: loading, failed with a way to try again, its empty state (an icon, what is missing and a
 * way to the store), or the list (`children`).
 */
export function ListStates<T>({
  read,
  isEmpty,
  icon,
  emptyTitle,
  emptyBody,
  browseLabel,
  children,
}: {
  read: ListRead<T>;
  isEmpty: (data: T) => boolean;
  icon: ReactNode;
  emptyTitle: string;
  emptyBody: string;
  /** The empty state's link to the store's front page. */
  browseLabel: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (read.isPending) return <LoadingBlock />;
  if (read.isError || read.data === undefined) return <LoadFailed error={read.error} onRetry={read.refetch} />;
  if (!isEmpty(read.data)) return children(read.data);
  return (
    <EmptyState
      icon={icon}
      title={t(emptyTitle)}
      body={t(emptyBody)}
      action={
        <Link to={paths.root} className={buttonClass('primary')}>
          {t(browseLabel)}
        </Link>
      }
    />
  );
}
