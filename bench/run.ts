import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { accountsBench } from './accounts.bench.ts';

/** Runs every benchmark and writes bench/RESULTS.md. Ratios compare with a baseline measured in the same run. */
async function main() {
  const accounts = await accountsBench();
  const table = accounts.rows.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} |`).join('\n');
  const md = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version},
database ${accounts.database}${process.env.REDIS_URL ? ' with Redis' : ''}. Load: autocannon, 50 connections, 10 s, over loopback.
Run with \`npm run bench\` (set DATABASE_URL / REDIS_URL to measure on PostgreSQL and Redis).

## Accounts

| route | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|
${table}

**GET /api/me / bare route: ${accounts.ratio.toFixed(2)}** — the cost of the bearer-token lookup, the account and
check-in/wallet queries and response validation, relative to a constant answer on the same machine in the same run.

Sign-in (POST /api/access_token, sequential, n=${accounts.signIn.n}): p50 ${accounts.signIn.p50} ms, p99 ${accounts.signIn.p99} ms.
argon2id with OWASP parameters (19 MiB, t=2) is most of it, on purpose: it is what makes stolen hashes slow to crack.
`;
  writeFileSync(new URL('./RESULTS.md', import.meta.url), md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
