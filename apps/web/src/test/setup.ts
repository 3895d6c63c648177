import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18next, setupI18n } from '../i18n';
import { BUNDLES } from '../i18n/bundles';
import { setSite } from '../lib/site';

beforeAll(async () => {
  setSite({ area: 'native', region: 'cn', currency: 'CNY', language: 'zh-CN', siteUrl: 'http://localhost:3000', otherSiteUrl: 'http://localhost:3001' });
  await setupI18n('en');
  // A page under test renders alone, without the route that loads its locale bundles: every bundle is loaded.
  await i18next.loadNamespaces(BUNDLES);
});

// Every test starts from the real globals (fetch, timers' clock…) and unspied modules: what a test stubs or spies on
// is put back after it, here once rather than in each file.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
