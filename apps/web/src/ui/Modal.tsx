import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface ModalProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hide the × button and ignore outside clicks / Escape (a notice the user must answer). */
  dismissible?: boolean;
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-xl' };

export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md', dismissible = true, className }: ModalProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-overlay fixed inset-0 z-40 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          ref={content}
          onOpenAutoFocus={(e) => {
            // Start in the first field of a form rather than on the close button.
            const field = content.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select, textarea');
            if (field) {
              e.preventDefault();
              field.focus();
            }
          }}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'animate-dialog fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-2xl bg-ink-850 p-5 shadow-2xl ring-1 ring-ink-700 sm:p-6',
            widths[size],
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold text-fg">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{typeof title === 'string' ? title : ''}</Dialog.Description>
              )}
            </div>
            {dismissible ? (
              <Dialog.Close
                className="-m-1 rounded-lg p-1.5 text-muted hover:bg-ink-700 hover:text-fg"
                aria-label={t('ui.close')}
              >
                <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
                </svg>
              </Dialog.Close>
            ) : null}
          </div>
          {children}
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
