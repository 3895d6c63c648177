import * as RToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { dismissToast, useToasts, type ToastKind } from './toastStore';

/** The store is radix-free (ui/toastStore): the shell loads this renderer only once a toast exists. */
export { toast, dismissToast, useToasts, type ToastItem, type ToastKind } from './toastStore';

const icons: Record<ToastKind, string> = {
  success: 'M5 10.5l3.2 3.2L15 7',
  fail: 'M6 6l8 8M14 6l-8 8',
  prompt: 'M10 6v5M10 13.5v.5',
};

/** Each kind's colour: the toast's ring and its round mark. */
const TONE: Record<ToastKind, { ring: string; mark: string }> = {
  success: { ring: 'ring-success/40', mark: 'bg-success/15 text-success' },
  fail: { ring: 'ring-danger/50', mark: 'bg-danger/15 text-danger' },
  prompt: { ring: 'ring-ink-600', mark: 'bg-info/15 text-info' },
};

export function Toaster() {
  const list = useToasts();
  const { t } = useTranslation();
  return (
    <RToast.Provider swipeDirection="up" label={t('ui.notifications')}>
      {list.map((item) => (
        <RToast.Root
          key={item.id}
          duration={item.duration}
          type={item.kind === 'fail' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-kind={item.kind}
          data-testid="toast"
          className={cn('animate-toast pointer-events-auto flex w-full items-center gap-3 rounded-xl bg-ink-800/95 px-4 py-3 text-sm text-fg shadow-2xl ring-1 backdrop-blur', TONE[item.kind].ring)}
        >
          <span
            aria-hidden="true"
            className={cn('grid size-6 shrink-0 place-items-center rounded-full', TONE[item.kind].mark)}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d={icons[item.kind]} />
            </svg>
          </span>
          <RToast.Description className="flex-1">{item.message}</RToast.Description>
          <RToast.Close aria-label={t('ui.close')} className="rounded p-1 text-muted hover:text-fg">
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M6 6l8 8M14 6l-8 8" strokeLinecap="round" />
            </svg>
          </RToast.Close>
        </RToast.Root>
      ))}
      <RToast.Viewport className="pointer-events-none fixed left-1/2 top-4 z-[60] flex w-[min(92vw,420px)] -translate-x-1/2 flex-col gap-2 outline-none" />
    </RToast.Provider>
  );
}
