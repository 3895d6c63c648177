import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
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
  empty,
  children,
}: {
  read: ListRead<T>;
  isEmpty: (data: T) => boolean;
  /** The empty state: its icon, the text group whose `empty_title` and `empty_body` it says, its link to the store's front page. */
  empty: { icon: ReactNode; texts: string; browse: string };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (read.isPending) return <LoadingBlock />;
  if (read.isError || read.data === undefined) return <LoadFailed error={read.error} onRetry={read.refetch} />;
  if (!isEmpty(read.data)) return children(read.data);
  return (
    <EmptyState
      icon={empty.icon}
      title={t(`${empty.texts}.empty_title`)}
      body={t(`${empty.texts}.empty_body`)}
      action={
        <Link to={paths.root} className={buttonClass('primary')}>
          {t(empty.browse)}
        </Link>
      }
    />
  );
}
