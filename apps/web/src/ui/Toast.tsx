import * as RToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_TOAST_DELAY_MS, PROMPT_TOAST_MS, TOAST_MS } from '../lib/constants';
import { cn } from './cn';

/**
 * The toast box (spec §2.2): success or fail, gone after 4 s; the prompt variant appears after 0.5 s and
 * lasts 3 s. Any code may call `toast.success(...)`; the <Toaster/> in the shell renders them.
 */
export type ToastKind = 'success' | 'fail' | 'prompt';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function push(kind: ToastKind, message: string, duration: number) {
  const item = { id: nextId++, kind, message, duration };
  // Newest on top; at most three at a time so a burst of errors does not bury the page.
  items = [...items.filter((i) => i.message !== message), item].slice(-3);
  emit();
  return item.id;
}

export function dismissToast(id: number) {
  items = items.filter((i) => i.id !== id);
  emit();
}

export const toast = {
  success: (message: string) => push('success', message, TOAST_MS),
  fail: (message: string) => push('fail', message, TOAST_MS),
  prompt: (message: string) => {
    setTimeout(() => push('prompt', message, PROMPT_TOAST_MS), PROMPT_TOAST_DELAY_MS);
  },
};

export function useToasts() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}

const icons: Record<ToastKind, string> = {
  success: 'M5 10.5l3.2 3.2L15 7',
  fail: 'M6 6l8 8M14 6l-8 8',
  prompt: 'M10 6v5M10 13.5v.5',
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
          className={cn(
            'animate-toast pointer-events-auto flex w-full items-center gap-3 rounded-xl bg-ink-800/95 px-4 py-3 text-sm text-fg shadow-2xl ring-1 backdrop-blur',
            item.kind === 'success' && 'ring-success/40',
            item.kind === 'fail' && 'ring-danger/50',
            item.kind === 'prompt' && 'ring-ink-600',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'grid size-6 shrink-0 place-items-center rounded-full',
              item.kind === 'success' && 'bg-success/15 text-success',
              item.kind === 'fail' && 'bg-danger/15 text-danger',
              item.kind === 'prompt' && 'bg-info/15 text-info',
            )}
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
