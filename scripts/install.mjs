// `node scripts/install.mjs`: `npm ci` as `npm start` and `npm test` run it — npm itself on Node 24 or newer (the
// machine's, or the pinned one fetched first), so the install checks engines against the Node the project runs
// on and warns about nothing. CI installs with it; docs/decisions/0055 says why plain `npm ci` is not enough.
import { install } from './lib.mjs';

install();
