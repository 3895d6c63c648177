import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../lib/site';
import { GlobeIcon } from '../ui/shellIcons';
import { Brand } from './Header';
import { LanguageLinks } from './LanguageSwitch';
import { paths } from '../lib/paths';

export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const otherLabel = site.area === 'native' ? t('footer.international_site') : t('footer.mainland_site');
  return (
    // Below every page's fold: the browser lays it out and paints it only when it comes near (ui/SkippedOffscreen).
    <footer className="mt-16 border-t border-ink-800 bg-ink-950/60" style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 30rem' }}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-3">
          <Brand />
          <p className="max-w-sm text-sm leading-relaxed text-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.explore')} className="space-y-2 text-sm">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-subtle">{t('footer.explore')}</h2>
          <ul className="space-y-1.5">
            <li><Link className="text-muted hover:text-fg" to={paths.root}>{t('nav.store')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.peripheral}>{t('nav.peripherals')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.search}>{t('nav.search')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.community}>{t('nav.community')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.headlines}>{t('nav.headlines')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.points}>{t('nav.points')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('notices.footer_heading')} className="space-y-2 text-sm">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-subtle">{t('notices.footer_heading')}</h2>
          <ul className="space-y-1.5">
            <li><Link className="text-muted hover:text-fg" to={paths.notices} data-testid="footer-notices">{t('notices.nav.notices')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.versions}>{t('notices.nav.versions')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.feedback}>{t('notices.nav.feedback')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.terms} data-testid="footer-terms">{t('footer.terms')}</Link></li>
            <li><Link className="text-muted hover:text-fg" to={paths.privacy} data-testid="footer-privacy">{t('footer.privacy')}</Link></li>
          </ul>
        </nav>
        <div className="space-y-3 text-sm">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-subtle">{t('footer.region_language')}</h2>
          {site.otherSiteUrl ? (
            <a
              href={site.otherSiteUrl}
              className="inline-flex items-center gap-2 rounded-lg bg-ink-850 px-3 py-2 text-fg ring-1 ring-ink-700 hover:ring-accent"
              data-testid="other-site-link"
            >
              <GlobeIcon className="size-4 text-accent" />
              {otherLabel}
            </a>
          ) : null}
          <LanguageLinks />
        </div>
      </div>
      <div className="border-t border-ink-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-subtle sm:px-6">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <p>{site.area === 'native' ? t('footer.site_native') : t('footer.site_abroad')}</p>
        </div>
      </div>
    </footer>
  );
}
