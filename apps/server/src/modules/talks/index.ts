/**
 * Talks (docs/product/people.md#talks; decisions/0023): short posts with forwards, the feed of the people and
 * groups one follows, recommended talks. Above accounts, moderation (its write gate and words), discussion (the
 * `Talk` target: comments and likes), community (the sanitiser, groups) and people (follows, the block list).
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerDiscussionTarget } from '../discussion/index.ts';
import { talksRoutes } from './routes.ts';
import * as tables from './tables.ts';
import { talkDiscussionTarget, talkPreview } from './targets.ts';
import { registerSharePreview } from '../share/index.ts';
import { registerReportTarget } from '../moderation/index.ts';
import { talkReportTarget } from './moderation.ts';

export const talksModule: ServerModule = {
  name: 'talks',
  routes: talksRoutes,
  tables,
  setup: () => {
    registerDiscussionTarget('Talk', talkDiscussionTarget);
    registerSharePreview('Talk', talkPreview);
    registerReportTarget('talk', talkReportTarget);
  },
};
