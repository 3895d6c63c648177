/** Cover art drawn as SVG from a seed, since no image can be downloaded. */
import type { ServerModule } from '../../platform/module.ts';
import { mediaRoutes } from './routes.ts';

export const mediaModule: ServerModule = { name: 'media', routes: mediaRoutes };
