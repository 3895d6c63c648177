/**
 * Sharing (docs/product/people.md#share): a link to a post, talk or headline that opens the right site. Above
 * discussion, whose registered targets say what exists and where it is seen.
 */
import type { ServerModule } from '../../platform/module.ts';
import { shareRoutes } from './routes.ts';

export const shareModule: ServerModule = { name: 'share', routes: shareRoutes };

export { registerSharePreview, sharedPageState, type SharePreview, type SharedPageState, type PreviewLoader } from './previews.ts';
