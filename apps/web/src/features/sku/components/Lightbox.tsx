import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, CloseIcon } from '../../../ui/icons';
import type { GalleryImage } from './galleryImage';

/**
 * The media viewer (Radix dialog: focus trapped, Escape closes, focus returns to the thumbnail). Arrow keys
 * and the buttons step through the images. Loaded only when first opened.
 */
export function Lightbox({ open, images, index, onIndex, onClose, title, returnFocus }: { open: boolean; images: GalleryImage[]; index: number; onIndex: (i: number) => void; onClose: () => void; title: string; returnFocus: () => void }) {
  const { t } = useTranslation();
  const image = images[index];
  const step = (d: number) => onIndex((index + d + images.length) % images.length);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-overlay fixed inset-0 z-40 bg-black/90" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            // Opened without a Radix trigger: put focus back on the image that opened it.
            e.preventDefault();
            returnFocus();
          }}
          className="animate-dialog fixed inset-0 z-50 flex flex-col items-center justify-center p-3 outline-none sm:p-8"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') step(1);
            else if (e.key === 'ArrowLeft') step(-1);
          }}
          data-testid="lightbox"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('sku.gallery_position', { index: index + 1, count: images.length })}</Dialog.Description>
          <div className="flex w-full max-w-6xl items-center justify-between gap-3 pb-3 text-sm text-muted">
            <span aria-hidden="true" className="tabular-nums">
              {index + 1} / {images.length}
            </span>
            <Dialog.Close className="grid size-10 place-items-center rounded-full bg-ink-800 text-fg ring-1 ring-ink-600 hover:bg-ink-700" aria-label={t('ui.close')} data-testid="lightbox-close">
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <div className="relative flex w-full max-w-6xl flex-1 items-center justify-center overflow-hidden">
            {image ? <img src={image.url} alt={image.caption} width={920} height={430} className="max-h-full w-auto max-w-full rounded-lg object-contain" /> : null}
            {images.length > 1 ? (
              <>
                <button type="button" onClick={() => step(-1)} aria-label={t('sku.gallery_previous')} className="absolute left-1 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-ink-900/80 text-fg ring-1 ring-ink-600 hover:bg-ink-700">
                  <ChevronLeft className="size-6" />
                </button>
                <button type="button" onClick={() => step(1)} aria-label={t('sku.gallery_next')} className="absolute right-1 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-ink-900/80 text-fg ring-1 ring-ink-600 hover:bg-ink-700" data-testid="lightbox-next">
                  <ChevronRight className="size-6" />
                </button>
              </>
            ) : null}
          </div>
          {image?.caption ? <p className="pt-3 text-sm text-muted">{image.caption}</p> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
