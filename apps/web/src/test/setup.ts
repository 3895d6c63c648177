import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setupI18n } from '../i18n';
import { setSite } from '../lib/site';

beforeAll(async () => {
  setSite({ area: 'native', region: 'cn', currency: 'CNY', language: 'zh-CN', siteUrl: 'http://localhost:3000', otherSiteUrl: 'http://localhost:3001' });
  await setupI18n('en');
});

afterEach(() => {
  cleanup();
});
