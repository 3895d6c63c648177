import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** Sections per document: `legal.{doc}.sections.s{n}_title` and `_body` in both locale files. */
const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * A policy of the store (docs/product/screens.md#legal): marked as Lantern's own, dated, its sections listed
 * first, and a link to the other policy.
 */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const title = t(`legal.${doc}.title`);
  useDocumentTitle(title);
  const other = doc === 'terms' ? 'privacy' : 'terms';
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12" data-testid={`legal-${doc}`}>
      <p className="text-xs font-semibold uppercase tracking-wider text-subtle">{t('legal.heading')}</p>
      <h1 className="mt-2 text-3xl font-bold text-fg">{title}</h1>
      <p className="mt-2 text-sm text-muted">{t(`legal.${doc}.updated`)}</p>
      <p className="mt-6 rounded-[var(--radius-card)] bg-accent/10 p-4 text-sm leading-relaxed text-fg ring-1 ring-accent/30" role="note">
        {t(`legal.${doc}.notice`)}
      </p>
      <nav aria-label={t('legal.sections_label')} className="mt-6">
        <ol className="grid gap-1 text-sm sm:grid-cols-2">
          {SECTIONS.map((n) => (
            <li key={n}>
              <a href={`#${doc}-${n}`} className="text-muted hover:text-accent-strong">{t(`legal.${doc}.sections.s${n}_title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-8 space-y-8">
        {SECTIONS.map((n) => (
          <section key={n} id={`${doc}-${n}`} aria-labelledby={`${doc}-${n}-title`} className="scroll-mt-24">
            <h2 id={`${doc}-${n}-title`} className="text-lg font-semibold text-fg">{t(`legal.${doc}.sections.s${n}_title`)}</h2>
            <p className="mt-2 leading-relaxed text-muted">{t(`legal.${doc}.sections.s${n}_body`)}</p>
          </section>
        ))}
      </div>
      <p className="mt-10 border-t border-ink-800 pt-6 text-sm">
        <Link to={paths[other]} className="font-semibold text-accent hover:underline">{t(`legal.${other}.title`)}</Link>
        <span aria-hidden="true" className="px-2 text-subtle">·</span>
        <Link to={paths.feedback} className="text-muted hover:text-fg">{t('notices.nav.feedback')}</Link>
      </p>
    </article>
  );
}
