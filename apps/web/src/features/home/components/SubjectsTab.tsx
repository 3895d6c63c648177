import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { EmptyState } from '../../../ui/EmptyState';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { subjectsQuery, type SubjectKind } from '../api/subjects';
import { pageCount } from '../../../lib/paging';

const KINDS: SubjectKind[] = ['sticky', 'featured', 'newest'];
const href = (kind: SubjectKind, page = 1) => `${paths.subjects}${kind !== 'sticky' ? `&kind=${kind}` : ''}${page > 1 ? `&page=${page}` : ''}`;

/** /home?type=subject: the community's subjects — pinned, featured or newest posts across every group. */
export function SubjectsTab() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const kind: SubjectKind = KINDS.includes(params.get('kind') as SubjectKind) ? (params.get('kind') as SubjectKind) : 'sticky';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(subjectsQuery(kind, page));
  const pages = q.data ? pageCount(q.data.meta) : 1;
  return (
    <section aria-labelledby="subjects-title" data-testid="subjects-tab">
      <h2 id="subjects-title" className="mb-4 text-xl font-bold text-fg">{t('community.subjects')}</h2>
      <LinkTabs tabs={KINDS.map((k) => ({ key: k, label: t(`community.subject_kind_${k}`), to: href(k) }))} active={kind} label={t('community.subjects')} className="mb-5" />
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={q.refetch} /> : q.data.subjects.length === 0 ? <EmptyState title={t('community.no_posts')} /> : (
        <ul className="space-y-3">
          {q.data.subjects.map((s) => (
            <li key={s.id} className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="subject">
              <p className="flex flex-wrap items-center gap-2 text-xs text-subtle">
                <Link to={paths.group(s.group_id)} className="font-semibold text-muted hover:text-accent-strong">{pickText(s.group.name, language)}</Link>
                <span>{s.author?.nickname ?? t('community.gone_author')}</span>
                <span className="ml-auto">{formatDate(s.published_at_timestamp, language)}</span>
              </p>
              <Link to={paths.post(s.id)} className="mt-2 block hover:text-accent-strong">
                {s.title ? <span className="block font-semibold text-fg">{s.title}</span> : null}
                <span className="line-clamp-2 text-sm text-muted">{s.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => href(kind, p)} />
    </section>
  );
}
