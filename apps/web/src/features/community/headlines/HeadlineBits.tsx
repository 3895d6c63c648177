import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeadlineSection } from '@lantern/contract';
import { paths } from '../../../lib/paths';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import type { HeadlineCardData } from './api/headlines';

/** A drawn stand-in for an article without a cover: the section's colour band and its category's initial. */
function NoCover({ category, className }: { category: string; className?: string }) {
  const tint: Record<string, string> = { news: 'from-sky-900 to-ink-900', article: 'from-violet-900 to-ink-900', video: 'from-rose-900 to-ink-900', radio: 'from-amber-900 to-ink-900', recommend: 'from-emerald-900 to-ink-900' };
  return <div aria-hidden="true" className={cn('grid aspect-video w-full place-items-center bg-gradient-to-br text-3xl font-black text-white/30', tint[category] ?? tint.news, className)}>{category.slice(0, 1).toUpperCase()}</div>;
}

export function HeadlineCover({ h, eager, className }: { h: Pick<HeadlineCardData, 'cover_url' | 'category'>; eager?: boolean; className?: string }) {
  if (!h.cover_url) return <NoCover category={h.category} className={className} />;
  return <img src={h.cover_url} alt="" width={1200} height={675} loading={eager ? 'eager' : 'lazy'} className={cn('block aspect-video w-full bg-ink-800 object-cover', className)} />;
}

/** The section's name, in the reader's language. */
export function SectionName({ id, sections }: { id: number; sections: readonly HeadlineSection[] | undefined }) {
  const language = useLanguage();
  const section = sections?.find((s) => s.id === id);
  return section ? <>{pickText(section.name, language)}</> : null;
}

/** By-line: author, date, likes and comments. */
export function HeadlineMeta({ h, className }: { h: HeadlineCardData; className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className={cn('flex flex-wrap gap-x-3 gap-y-1 text-xs text-subtle', className)}>
      <span>{h.author.nickname || t('community.gone_author')}</span>
      <time dateTime={new Date(h.published_at_timestamp * 1000).toISOString()}>{formatDate(h.published_at_timestamp, language)}</time>
      <span>{t('headlines.likes', { count: h.likes_count })}</span>
      <span>{t('headlines.comments', { count: h.comments_count })}</span>
    </p>
  );
}

/** An article in a list: cover on the left (on top on a phone), title, summary and by-line. */
export function HeadlineRow({ h, sections }: { h: HeadlineCardData; sections?: readonly HeadlineSection[] }) {
  return (
    <article className="group relative grid gap-3 rounded-xl bg-ink-850/80 p-3 ring-1 ring-ink-700 transition hover:bg-ink-800 hover:ring-ink-600 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4" data-testid="headline-row" data-id={h.id}>
      <div className="overflow-hidden rounded-lg"><HeadlineCover h={h} /></div>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-accent"><SectionName id={h.section_id} sections={sections} /></p>
        <h3 className="mt-1 line-clamp-2 text-base font-bold text-fg group-hover:text-accent-strong sm:text-lg">
          <Link to={paths.headline(h.id)} className="after:absolute after:inset-0 after:rounded-xl">{h.title}</Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-muted">{h.summary}</p>
        <HeadlineMeta h={h} className="mt-2" />
      </div>
    </article>
  );
}

/** A lead story: a large cover with the title over it. */
export function HeadlineTile({ h, large, eager }: { h: HeadlineCardData; large?: boolean; eager?: boolean }) {
  return (
    <article className="group relative overflow-hidden rounded-2xl ring-1 ring-ink-700" data-testid="headline-tile" data-id={h.id}>
      <HeadlineCover h={h} eager={eager} className="transition-transform duration-300 group-hover:scale-[1.02]" />
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink-950 via-ink-950/80 to-transparent p-3 pt-12 sm:p-4 sm:pt-16">
        <h3 className={cn('line-clamp-2 font-bold text-fg group-hover:text-accent-strong', large ? 'text-lg sm:text-2xl' : 'text-sm sm:text-base')}>
          <Link to={paths.headline(h.id)} className="after:absolute after:inset-0">{h.title}</Link>
        </h3>
        {large ? <p className="mt-1 line-clamp-2 hidden text-sm text-muted sm:block">{h.summary}</p> : null}
      </div>
    </article>
  );
}
