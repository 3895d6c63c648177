import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { secretSeals } from './db/platform-tables.ts';
import type { Secrets } from './crypto.ts';

const SEAL_TEXT = 'lantern:app-secret-seal';

/**
 * Keys, real names and outbox bodies are sealed with keys derived from APP_SECRET. The first start on a
 * database records a keyed hash of a fixed text under its secret; every later start compares. A server given
 * another secret (a restored backup without its secret, a typo in a deploy) stops before serving, by name,
 * instead of answering errors on every key and identity it reads (docs/operations.md#backup-and-restore).
 */
export async function checkSecretSeal(db: Db, secrets: Secrets): Promise<void> {
  const check = secrets.hmac(SEAL_TEXT);
  await db.insert(secretSeals).values({ id: 1, check }).onConflictDoNothing();
  const [row] = await db.select({ check: secretSeals.check }).from(secretSeals).where(eq(secretSeals.id, 1));
  if (row?.check !== check) {
    throw new Error('APP_SECRET is not the secret this database was sealed with: its keys, real names and outbox bodies could not be read. Start with the APP_SECRET of the backup (docs/operations.md#backup-and-restore).');
  }
}
