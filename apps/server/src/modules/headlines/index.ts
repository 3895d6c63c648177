/**
 * Headlines, the store's news (docs/product/headlines.md, decisions/0022): sections, articles, editors' drafts
 * published by staff, and the store home's headline block. Comments, replies and likes on articles are the
 * discussion module's (target `Headline`), reports moderation's (type `headline`). Above the catalogue (an
 * article's games and prices), the community (its sanitiser), uploads, discussion, the storefront (the home
 * block it provides) and share (its link preview).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerDiscussionTarget } from '../discussion/index.ts';
import { registerModeratedContent } from '../moderation/index.ts';
import { registerSharePreview } from '../share/index.ts';
import { provideHomeBlock } from '../storefront/index.ts';
import { registerUploadUse } from '../uploads/index.ts';
import { homeHeadlines } from './headlines.ts';
import { headlineRoutes } from './routes.ts';
import { headlineStaffRoutes } from './staff-routes.ts';
import { headlineDiscussionTarget, headlineModeration, headlinePreview, headlinesUseUpload } from './targets.ts';
import * as tables from './tables.ts';

export const headlinesModule: ServerModule = {
  name: 'headlines',
  routes: headlineRoutes,
  staffRoutes: headlineStaffRoutes,
  tables,
  features: ['headlines'],
  setup: () => {
    registerDiscussionTarget('Headline', headlineDiscussionTarget);
    registerModeratedContent('headline', headlineModeration);
    registerSharePreview('Headline', headlinePreview);
    registerUploadUse('headlines', headlinesUseUpload);
    provideHomeBlock('headlines', homeHeadlines);
  },
};

export { sitemapHeadlines } from './sitemap-headlines.ts';
