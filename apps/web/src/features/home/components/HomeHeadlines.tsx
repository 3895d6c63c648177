import type { HomeResponse } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage } from '../../../lib/localize';
import { Section } from '../../../ui/Section';

/**
 * The store home's headlines (Mall_Index_Headline, at most 3 — the server caps them; docs/product/headlines.md#store-home):
 * cover, title and date, each opening the article; "more" leads to /headlines.
 */
export function HomeHeadlines({ items }: { items: HomeResponse['headlines'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Section id="home-headlines" title={t('headlines.home_title')} more={{ to: paths.headlines, label: t('headlines.home_more') }} testId="home-headlines">
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {items.map((h) => (
          <li key={h.id} className="group relative overflow-hidden rounded-xl bg-ink-850/80 ring-1 ring-ink-700 transition hover:ring-ink-600" data-testid="home-headline">
            {h.cover_url
              ? <img src={h.cover_url} alt="" width={1200} height={675} loading="lazy" className="block aspect-video w-full bg-ink-800 object-cover" />
              : <div aria-hidden="true" className="aspect-video w-full bg-gradient-to-br from-sky-900 to-ink-900" />}
            <div className="p-3">
              <h3 className="line-clamp-2 font-semibold text-fg group-hover:text-accent-strong">
                <Link to={paths.headline(h.id)} className="after:absolute after:inset-0">{h.title}</Link>
              </h3>
              <p className="mt-1 text-xs text-subtle">{formatDate(h.published_at_timestamp, language)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
