import { PROMPT_TOAST_DELAY_MS, PROMPT_TOAST_MS, TOAST_MS } from '../lib/constants';
import { tabStore } from '../lib/tabStore';

/**
 * The toast box (docs/product/screens.md#toasts): success or fail, gone after 4 s; the prompt variant appears after 0.5 s and
 * lasts 3 s. Any code may call `toast.success(...)`; the <Toaster/> in the shell renders them.
 */
export type ToastKind = 'success' | 'fail' | 'prompt';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

const items = tabStore<ToastItem[]>([]);
let nextId = 1;

function push(kind: ToastKind, message: string, duration: number) {
  const item = { id: nextId++, kind, message, duration };
  // Newest on top; at most three at a time so a burst of errors does not bury the page.
  items.set([...items.get().filter((i) => i.message !== message), item].slice(-3));
  return item.id;
}

export function dismissToast(id: number) {
  items.set(items.get().filter((i) => i.id !== id));
}

export const toast = {
  success: (message: string) => push('success', message, TOAST_MS),
  fail: (message: string) => push('fail', message, TOAST_MS),
  prompt: (message: string) => {
    setTimeout(() => push('prompt', message, PROMPT_TOAST_MS), PROMPT_TOAST_DELAY_MS);
  },
};

export function useToasts() {
  return items.use();
}
