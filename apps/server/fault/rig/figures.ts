import { loadavg } from 'node:os';

/**
 * The figures each scenario measured, printed as the tier ends (and copied by hand into
 * docs/operations.md#reliability and bench/RESULTS.md), with the machine's load average beside them: a
 * recovery time on a two-core machine running other work means little without it.
 */
export class Figures {
  private readonly rows: { scenario: string; figures: Record<string, unknown> }[] = [];

  record(scenario: string, figures: Record<string, unknown>) {
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    this.rows.push({ scenario, figures: { ...figures, load_average: load } });
    console.log(`\n[fault] ${scenario}\n${Object.entries(figures).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}`).join('\n')}\n  load average: ${load}`);
  }

  print() {
    console.log(`\n[fault] figures of this run (JSON):\n${JSON.stringify(this.rows, null, 2)}`);
  }
}
