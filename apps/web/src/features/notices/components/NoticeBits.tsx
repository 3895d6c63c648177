import type { NoticeKind } from '@lantern/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { cn } from '../../../ui/cn';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingBlock } from '../../../ui/LoadStates';
import { PageTitle } from '../../../ui/PageTitle';
import { Pagination } from '../../../ui/Pagination';

const KIND_TONE: Record<NoticeKind, string> = {
  announcement: 'bg-accent/15 text-accent ring-accent/30',
  maintenance: 'bg-amber-400/10 text-amber-300 ring-amber-400/30',
  event: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/30',
  policy: 'bg-sky-400/10 text-sky-300 ring-sky-400/30',
};

/** The label of a notice's kind, coloured by kind. */
export function NoticeKindBadge({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation();
  return <span className={cn('inline-flex shrink-0 items-center rounded-md px-2 py-0.5 text-xs font-semibold ring-1', KIND_TONE[kind])}>{t(`notices.kind.${kind}`)}</span>;
}

/** Plain text with blank lines between paragraphs, as staff write notices (no markup is interpreted). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-4 text-[15px] leading-relaxed text-fg/90">
      {text.split(/\n\s*\n/).map((p, i) => (
        <p key={i} className="whitespace-pre-line">{p.trim()}</p>
      ))}
    </div>
  );
}

/** The links between notices, versions and feedback, on top of each of those pages. */
export function NoticesNav({ current }: { current: 'notices' | 'versions' | 'feedback' }) {
  const { t } = useTranslation();
  const items = [
    { key: 'notices', to: paths.notices, label: t('notices.nav.notices') },
    { key: 'versions', to: paths.versions, label: t('notices.nav.versions') },
    { key: 'feedback', to: paths.feedback, label: t('notices.nav.feedback') },
  ] as const;
  return (
    <nav aria-label={t('notices.nav.label')} className="mb-5 flex gap-1 overflow-x-auto text-sm">
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          aria-current={item.key === current ? 'page' : undefined}
          className={cn('whitespace-nowrap rounded-lg px-3 py-1.5 font-medium', item.key === current ? 'bg-ink-800 text-fg ring-1 ring-ink-600' : 'text-muted hover:text-fg')}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A list page of the notices area (notices, versions): the area's nav, the page's title and intro, then loading,
 * its "none yet" or its list (`children`), and its pages.
 */
export function NoticesListPage<T>({
  current,
  data,
  isEmpty,
  page,
  pages,
  hrefFor,
  children,
}: {
  current: 'notices' | 'versions';
  data: T | undefined;
  isEmpty: (data: T) => boolean;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid={`${current}-page`}>
      <NoticesNav current={current} />
      <PageTitle title={t(`${current}.title`)} intro={t(`${current}.intro`)} />
      <div className="mt-6">{data === undefined ? <LoadingBlock /> : isEmpty(data) ? <EmptyState title={t(`${current}.empty`)} /> : children(data)}</div>
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={hrefFor} />
    </div>
  );
}
