import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../ui/cn';
import { Cover } from '../../../ui/Cover';
import { ExpandIcon } from '../../../ui/icons';
import type { GalleryImage } from './galleryImage';

export type { GalleryImage };

const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })));

/** The media of an edition: a large view, a strip of thumbnails, and a full-screen viewer on demand. */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const main = useRef<HTMLButtonElement>(null);
  if (images.length === 0) return null;
  const current = images[Math.min(index, images.length - 1)]!;
  return (
    <div data-testid="gallery">
      <button
        type="button"
        className="group relative block w-full overflow-hidden rounded-xl ring-1 ring-ink-700 focus-visible:ring-2 focus-visible:ring-accent"
        ref={main}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-label={t('sku.gallery_open', { index: index + 1, count: images.length })}
        data-testid="gallery-main"
      >
        <Cover src={current.url} shape="horizontal" alt={current.caption} priority="high" />
        <span aria-hidden="true" className="absolute right-2 top-2 grid size-9 place-items-center rounded-full bg-ink-950/70 text-fg opacity-0 ring-1 ring-white/15 transition group-hover:opacity-100 group-focus-visible:opacity-100">
          <ExpandIcon className="size-4" />
        </span>
      </button>
      {images.length > 1 ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]" aria-label={t('sku.gallery')}>
          {images.map((img, i) => (
            <li key={img.url} className="w-[calc((100%-2rem)/5)] shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('sku.gallery_show', { index: i + 1 })}
                aria-pressed={i === index}
                className={cn('block w-full overflow-hidden rounded-lg ring-2 transition', i === index ? 'ring-accent' : 'opacity-70 ring-transparent hover:opacity-100')}
                data-testid="gallery-thumb"
              >
                <Cover src={img.url} shape="horizontal" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {loaded ? (
        <Suspense fallback={null}>
          <Lightbox open={open} images={images} index={index} onIndex={setIndex} onClose={() => setOpen(false)} title={title} returnFocus={() => main.current?.focus()} />
        </Suspense>
      ) : null}
    </div>
  );
}
