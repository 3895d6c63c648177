import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { accountsBench } from './accounts.bench.ts';
import { catalogBench } from './catalog.bench.ts';

const row = (r: { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number }, ratio?: number) =>
  `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${ratio === undefined ? '' : ratio.toFixed(2)} |`;

/** Runs every benchmark and writes bench/RESULTS.md. Ratios compare with a baseline measured in the same run. */
async function main() {
  const only = process.argv[2];
  const sections: string[] = [];
  if (!only || only === 'accounts') {
    const a = await accountsBench();
    sections.push(`## Accounts (${a.database}${process.env.REDIS_URL ? ' with Redis' : ''})

| route | req/s | p50 ms | p99 ms | ratio to bare |
|---|---|---|---|---|
${a.rows.map((r, i) => row(r, i === 0 ? 1 : a.ratio)).join('\n')}

GET /api/me costs the bearer-token lookup and one query for the account with today's check-in and wallet,
plus response validation. On this 2-core machine the database, the server and the load generator share
the cores, so each query is a large share of a request that a bare route answers from memory.

Sign-in (POST /api/access_token, sequential, n=${a.signIn.n}): p50 ${a.signIn.p50} ms, p99 ${a.signIn.p99} ms —
argon2id with OWASP parameters (19 MiB, t=2) is most of it, on purpose.`);
  }
  if (!only || only === 'catalog') {
    const c = await catalogBench();
    sections.push(`## Catalogue (PostgreSQL, ${c.skuCount} SKUs, 200+ tags)

| route | req/s | p50 ms | p99 ms | ratio to bare |
|---|---|---|---|---|
${c.rows.map((r) => row(r, r.ratio)).join('\n')}

Targets (issue 3): search p99 under 50 ms; home and SKU detail at least a third of the bare route.`);
  }
  const md = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.
Load: autocannon over loopback, 50 connections, 10 s per route after a 2 s warm-up. Every ratio divides by a
bare Fastify route answering a constant, measured in the same run on the same machine.
Run with \`npm run bench\` (\`npm run bench -- catalog\` for one part); the catalogue part needs PostgreSQL
(\`DATABASE_URL\`, default postgres://postgres@127.0.0.1:5432/test; it creates and drops its own database).

${sections.join('\n\n')}
`;
  writeFileSync(new URL('./RESULTS.md', import.meta.url), md);
  console.log(md);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
