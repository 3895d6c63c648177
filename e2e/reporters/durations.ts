import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { writeFileSync } from 'node:fs';

/**
 * Where the end-to-end tier's time goes: at the end of a run, the 25 slowest tests and each spec's total (every
 * attempt counted, so a retried test shows what it cost). With E2E_DURATIONS_JSON=<file> it also writes every
 * test's time as JSON, for comparing two runs. See docs/decisions/0030-test-run-time.md, "The end-to-end tier".
 */
interface Row {
  spec: string;
  title: string;
  project: string;
  ms: number;
  attempts: number;
  outcome: string;
}

const SLOWEST = 25;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class DurationsReporter implements Reporter {
  private readonly rows = new Map<TestCase, Row>();
  private started = Date.now();

  onBegin() {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const row = this.rows.get(test) ?? {
      spec: test.location.file.split(/[\\/]specs[\\/]/).pop() ?? test.location.file,
      title: test.titlePath().slice(3).join(' › '),
      project: test.parent.project()?.name ?? '',
      ms: 0,
      attempts: 0,
      outcome: '',
    };
    row.ms += result.duration;
    row.attempts += 1;
    row.outcome = test.outcome();
    this.rows.set(test, row);
  }

  onEnd(result: FullResult) {
    const rows = [...this.rows.values()];
    if (rows.length === 0) return;
    const lines: string[] = [];
    const total = rows.reduce((a, r) => a + r.ms, 0);
    lines.push('', `Slowest ${Math.min(SLOWEST, rows.length)} of ${rows.length} tests (test time ${seconds(total)}, wall ${seconds(Date.now() - this.started)}):`);
    for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
      const retried = r.attempts > 1 ? ` (${r.attempts} attempts, ${r.outcome})` : '';
      lines.push(`  ${seconds(r.ms).padStart(8)}  [${r.project}] ${r.spec} › ${r.title}${retried}`);
    }
    const specs = new Map<string, { ms: number; tests: number }>();
    for (const r of rows) {
      const s = specs.get(r.spec) ?? { ms: 0, tests: 0 };
      s.ms += r.ms;
      s.tests += 1;
      specs.set(r.spec, s);
    }
    lines.push('', 'Per spec (tests, summed test time):');
    for (const [spec, s] of [...specs].sort((a, b) => b[1].ms - a[1].ms)) lines.push(`  ${seconds(s.ms).padStart(8)}  ${String(s.tests).padStart(3)}  ${spec}`);
    lines.push(`Run ${result.status}.`);
    console.log(lines.join('\n'));
    const file = process.env.E2E_DURATIONS_JSON;
    if (file) writeFileSync(file, JSON.stringify(rows, null, 2));
  }

  printsToStdio() {
    return false;
  }
}
