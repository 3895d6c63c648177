import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { buttonClass } from '../../../ui/Button';
import { CoverArt } from './CoverArt';

function ComingSoon({ section, seed }: { section: 'community' | 'headlines' | 'cart' | 'messages'; seed: number }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-20" data-testid={`coming-soon-${section}`}>
      <div className="grid items-center gap-10 md:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{t('home.coming_soon')}</p>
          <h1 className="mt-3 text-3xl font-black tracking-tight text-fg sm:text-4xl">{t(`soon.${section}_title`)}</h1>
          <p className="mt-4 max-w-lg leading-relaxed text-muted">{t(`soon.${section}_body`)}</p>
          <Link to={paths.root} className={`${buttonClass('secondary', 'lg')} mt-8`}>
            {t('soon.back_to_store')}
          </Link>
        </div>
        <div aria-hidden="true" className="relative mx-auto h-72 w-full max-w-sm">
          <div className="absolute left-0 top-6 w-40 rotate-[-8deg] overflow-hidden rounded-2xl opacity-70 ring-1 ring-ink-700">
            <CoverArt seed={seed + 1} className="aspect-[3/4] w-full" />
          </div>
          <div className="absolute right-0 top-0 w-40 rotate-[7deg] overflow-hidden rounded-2xl opacity-70 ring-1 ring-ink-700">
            <CoverArt seed={seed + 2} className="aspect-[3/4] w-full" />
          </div>
          <div className="absolute left-1/2 top-10 w-44 -translate-x-1/2 overflow-hidden rounded-2xl shadow-2xl ring-1 ring-accent/50">
            <CoverArt seed={seed} className="aspect-[3/4] w-full" />
          </div>
        </div>
      </div>
    </div>
  );
}

export const CartPage = () => <ComingSoon section="cart" seed={7} />;
export const MessagesPage = () => <ComingSoon section="messages" seed={6} />;
