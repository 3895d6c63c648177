import { registerFulfilmentStep } from '../orders/index.ts';
import { libraryGrantStep } from './grants.ts';

/** The library plugs into orders: a paid order's games join the buyer's library. */
export function setupLibrary(): void {
  registerFulfilmentStep(libraryGrantStep);
}
