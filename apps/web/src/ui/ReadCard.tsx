import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToText } from '../lib/errors';
import { Card } from './Card';
import { LoadingBlock } from './LoadStates';

/**
 * A titled card over one read (a wallet's ledger, who opened a red packet): the read's error in words, loading, its
 * empty state, or its rows (`children`); `footer` (a pager) below whichever shows.
 */
export function ReadCard<T>({
  title,
  testId,
  read,
  isEmpty,
  empty,
  errorPadding = 'py-6',
  footer,
  children,
}: {
  title: ReactNode;
  testId: string;
  read: { data: T | undefined; isError: boolean; error: unknown };
  isEmpty: (data: T) => boolean;
  /** The empty state: a sentence (said in the card's muted style) or a node of its own. */
  empty: ReactNode;
  /** The error line's vertical padding (the ledger's is roomier). */
  errorPadding?: 'py-6' | 'py-8';
  footer?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="mt-6" data-testid={testId}>
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{title}</h2>
      {read.isError ? (
        <p className={`px-5 ${errorPadding} text-center text-sm text-danger`}>{errorToText(t, read.error)}</p>
      ) : read.data === undefined ? (
        <LoadingBlock />
      ) : isEmpty(read.data) ? (
        typeof empty === 'string' ? <p className="px-5 py-6 text-center text-sm text-muted">{empty}</p> : empty
      ) : (
        children(read.data)
      )}
      {footer}
    </Card>
  );
}
