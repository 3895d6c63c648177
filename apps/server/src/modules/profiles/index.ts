/**
 * Personal pages (docs/product/personal-pages.md#personal-page): what only the page itself owns — its background. The
 * page's tabs are answered by the modules whose data they show (the library's games, the community's posts and
 * reviews, the discussion's comments). Above accounts and uploads: it checks the image is the owner's upload,
 * and tells uploads that a background in use may not be deleted.
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerUploadUse } from '../uploads/index.ts';
import { backgroundInUse } from './background.ts';
import { profileRoutes } from './routes.ts';

export const profilesModule: ServerModule = {
  name: 'profiles',
  routes: profileRoutes,
  setup: () => registerUploadUse('profiles', backgroundInUse),
};
