// `npm start`: install what is missing, build the web app, then serve both sites on the embedded
// database (or DATABASE_URL / REDIS_URL when set), seeding demo data into an empty database.
// It runs in development unless NODE_ENV says otherwise: the server itself assumes production when unset.
import { ensureInstalled, ensureSupportedNode, ensureWebBuilt, startServer } from './lib.mjs';

ensureInstalled();
// From here on Node 24 or newer: the machine's, or the one pinned in the project (docs/decisions/0055).
await ensureSupportedNode();
ensureWebBuilt();
const server = startServer({ NODE_ENV: process.env.NODE_ENV || 'development' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
