import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on a page, run by axe.run in the page itself ("legacy mode"). The default runs axe in every frame and
 * then opens a blank page per scan to put the frames' results together, which measured twice as slow on the
 * shared machine; the store has no frames, so nothing is left unscanned (docs/decisions/0030-test-run-time.md,
 * "The end-to-end tier").
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}
