import type { LayoutContent } from '@lantern/contract';
import { useLocalize } from '../lib/localize';
import { Cover } from './Cover';
import { ChevronRight } from './icons';
import { Price } from './Price';
import { SmartLink } from './SmartLink';

/** One banner: the art, a dark fade for legibility, title, subtitle and the featured SKU's price. */
export function BannerSlide({ banner, index, visible, cta }: { banner: LayoutContent; index: number; visible: boolean; cta: string }) {
  const l = useLocalize();
  const sku = banner.skus[0];
  const title = l(banner.title);
  const body = (
    <>
      {visible && banner.image ? (
        <Cover src={banner.image} shape="banner" alt={title} priority={index === 0 ? 'high' : 'lazy'} className="aspect-[16/9] sm:aspect-[3/1]" />
      ) : (
        <div className="aspect-[16/9] w-full bg-ink-800 sm:aspect-[3/1]" />
      )}
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-ink-950 via-ink-950/40 to-transparent sm:bg-gradient-to-r sm:from-ink-950/90 sm:via-ink-950/35" />
      <div className="absolute inset-x-0 bottom-0 p-4 sm:inset-y-0 sm:flex sm:w-3/5 sm:flex-col sm:justify-end sm:p-8 sm:pb-16 lg:w-1/2">
        <p className="text-xl font-black leading-tight tracking-tight text-white drop-shadow sm:text-3xl lg:text-4xl">{title}</p>
        {banner.subtitle ? <p className="mt-1 line-clamp-1 text-sm text-white/85 sm:mt-2 sm:line-clamp-2 sm:text-base">{l(banner.subtitle)}</p> : null}
        {/* The price and the button on a phone too: a banner that only names a deal leaves the reader guessing. */}
        <div className="mt-2.5 flex items-center gap-3 sm:mt-3 sm:gap-4" data-testid="banner-offer">
          {sku ? <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="md" className="rounded-lg bg-ink-950/60 px-2 py-1 backdrop-blur" /> : null}
          <span className="inline-flex items-center gap-1 rounded-lg bg-accent px-3 py-1.5 text-sm font-bold text-accent-ink transition group-hover/slide:bg-accent-strong sm:px-3.5 sm:py-2">
            {cta}
            <ChevronRight className="size-4" />
          </span>
        </div>
      </div>
    </>
  );
  const className = 'group/slide relative block overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-ink-700';
  return banner.link ? (
    <SmartLink to={banner.link} className={className} data-testid="banner">
      {body}
    </SmartLink>
  ) : (
    <div className={className} data-testid="banner">
      {body}
    </div>
  );
}
