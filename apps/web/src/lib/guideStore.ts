import { tabStore } from './tabStore';

/**
 * The beginners' guide's state shared with the parts of the page it drives (docs/product/screens.md#guide): the
 * layout mounts it, the user menu opens for step 8 and closes for step 9, and the account prompts wait for it and
 * then open the popup closing it asks for. Small and in the first bundle; the overlay itself is a lazy chunk.
 */
export interface GuideState {
  /** Started again from the user menu. */
  replaying: boolean;
  /** Closed in this tab: not shown again while the account's flag is being saved and reloaded. */
  closed: boolean;
  /** The guide holds the user menu open (step 8). */
  menuOpen: boolean;
  /** Closing asked for the identification or basic-info popup, opened once the guide has gone. */
  promptAfter: boolean;
}

const initial: GuideState = { replaying: false, closed: false, menuOpen: false, promptAfter: false };
const store = tabStore(initial);

function emit(next: Partial<GuideState>) {
  store.set({ ...store.get(), ...next });
}

export function replayGuide() {
  emit({ replaying: true, closed: false, promptAfter: false });
}

export function setGuideMenu(open: boolean) {
  if (store.get().menuOpen !== open) emit({ menuOpen: open });
}

export function guideClosed() {
  emit({ replaying: false, closed: true, menuOpen: false, promptAfter: true });
}

export function clearGuidePrompt() {
  if (store.get().promptAfter) emit({ promptAfter: false });
}

/** For tests: back to a fresh tab. */
export function resetGuideState() {
  emit(initial);
}

export function useGuideState(): GuideState {
  return store.use();
}
