import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { VersionInfo } from '@lantern/contract';
import { VERSION_INFOS_PER_PAGE, type VersionStatus } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { cn } from '../../../ui/cn';
import { ChevronDown } from '../../../ui/icons';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { useVersionInfos, useVersionReleases } from '../api/versions';
import { NoticesListPage } from './NoticeBits';
import { useErrorPage } from '../../../lib/useErrorPage';

const STATUS_TONE: Record<VersionStatus, { badge: string; bar: string }> = {
  released: { badge: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/30', bar: 'bg-emerald-400' },
  testing: { badge: 'bg-sky-400/10 text-sky-300 ring-sky-400/30', bar: 'bg-sky-400' },
  developing: { badge: 'bg-accent/15 text-accent ring-accent/30', bar: 'bg-accent' },
  planned: { badge: 'bg-ink-800 text-muted ring-ink-600', bar: 'bg-ink-600' },
};

/** A version's notes, grouped by kind, loaded the first time its card is opened. */
function Releases({ versionInfoId }: { versionInfoId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const releases = useVersionReleases(versionInfoId, true);
  if (releases.isPending) return <LoadingBlock />;
  if (releases.isError) return <LoadFailed error={releases.error} onRetry={releases.refetch} />;
  if (releases.data.version_releases.length === 0) return <p className="text-sm text-muted">{t('versions.no_notes')}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {releases.data.version_releases.map((group) => (
        <section key={group.kind} data-testid="release-group" data-kind={group.kind}>
          <h4 className="text-xs font-semibold uppercase tracking-wider text-subtle">{t(`versions.kind.${group.kind}`)}</h4>
          <ul className="mt-2 space-y-1.5 text-sm text-fg/90">
            {group.items.map((item) => (
              <li key={item.id} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                {pickText(item.content, language)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function VersionCard({ version, startOpen }: { version: VersionInfo; startOpen: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(startOpen);
  const panelId = useId();
  const tone = STATUS_TONE[version.status];
  const notes = version.release_counts.feature + version.release_counts.improvement + version.release_counts.fix;
  const when = version.released_at_timestamp
    ? t('versions.released_on', { date: formatDate(version.released_at_timestamp, language) })
    : version.planned_at_timestamp
      ? t('versions.planned_for', { date: formatDate(version.planned_at_timestamp, language) })
      : null;
  return (
    <li className="rounded-2xl bg-ink-900 ring-1 ring-ink-700" data-testid="version-card" data-version={version.version}>
      <button
        type="button"
        className="flex w-full flex-col gap-3 p-4 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent sm:p-5"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-lg font-bold text-fg">v{version.version}</span>
          <span className={cn('rounded-md px-2 py-0.5 text-xs font-semibold ring-1', tone.badge)}>{t(`versions.status.${version.status}`)}</span>
          {when ? <span className="text-xs text-subtle">{when}</span> : null}
          <ChevronDown className={cn('ml-auto size-5 text-muted transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </div>
        <div>
          <h2 className="text-base font-semibold text-fg">{pickText(version.title, language)}</h2>
          <p className="mt-1 text-sm text-muted">{pickText(version.description, language)}</p>
        </div>
        <div className="flex items-center gap-3">
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-ink-800"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={version.progress}
            aria-label={t('versions.progress_label', { version: version.version })}
          >
            <div className={cn('h-full rounded-full', tone.bar)} style={{ width: `${version.progress}%` }} />
          </div>
          <span className="w-10 text-right text-xs font-semibold tabular-nums text-muted">{version.progress}%</span>
        </div>
        {notes > 0 ? (
          <p className="text-xs text-subtle">
            {t('versions.counts', { feature: version.release_counts.feature, improvement: version.release_counts.improvement, fix: version.release_counts.fix })}
          </p>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="border-t border-ink-800 p-4 sm:p-5">
          <Releases versionInfoId={version.id} />
        </div>
      ) : null}
    </li>
  );
}

/** /versions: the version progress list — what is planned, in work and released, with notes by kind (docs/product/notices.md#version-progress). */
export function VersionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const versions = useVersionInfos(page);
  useDocumentTitle(t('versions.title'));
  useErrorPage(versions);
  const pages = versions.data ? Math.ceil(versions.data.meta.total_count / VERSION_INFOS_PER_PAGE) : 0;
  const firstReleased = versions.data?.version_infos.find((v) => v.status === 'released')?.id;
  return (
    <NoticesListPage
      current="versions"
      data={versions.data}
      isEmpty={(data) => data.version_infos.length === 0}
      page={page}
      pages={pages}
      hrefFor={(p) => (p > 1 ? `${paths.versions}?page=${p}` : paths.versions)}
    >
      {(data) => (
        <ol className="space-y-3">
          {data.version_infos.map((v) => (
            <VersionCard key={v.id} version={v} startOpen={page === 1 && v.id === firstReleased} />
          ))}
        </ol>
      )}
    </NoticesListPage>
  );
}
