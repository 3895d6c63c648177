import { getSite } from './site';

/** Where a guest's followed distribution code waits for sign-in, per site (docs/product/distribution.md#attribution). */
export const cpsStorageKey = () => `lantern.cps.${getSite().area}`;
