/**
 * Collections (docs/product/people.md#collections; decisions/0023): an account's collected headlines and posts.
 * Above accounts only: the modules owning what can be collected register their types from their `setup`
 * (`registerCollectable`: the community's posts now, headlines later).
 */
import type { ServerModule } from '../../platform/module.ts';
import { collectionsRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const collectionsModule: ServerModule = { name: 'collections', routes: collectionsRoutes, tables };

export { registerCollectable, type Collectable, type CollectableFacts } from './targets.ts';
