import { vi } from 'vitest';
import pino, { type Logger } from 'pino';
import { startJobs, type JobRunnerOptions, type PeriodicJob } from '../../src/platform/jobs.ts';
import type { Deps } from '../../src/platform/deps.ts';
import type { MailSender, SmsSender } from '../../src/platform/outbox-senders.ts';

/** Waits (bounded) until `check` stops throwing: a condition, never a fixed sleep. */
export function eventually<T>(check: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 5 });
}

/** A job runner of one instance, ticking every few milliseconds, whose ticks a test can wait for. */
export function startObservedJobs(deps: Deps, jobs: readonly PeriodicJob[], options: JobRunnerOptions = {}) {
  let ticks = 0;
  const stop = startJobs(deps, jobs, { tickMs: 5, ...options, onTick: () => void ticks++ });
  return {
    stop,
    /** Resolves once this instance has looked for due work `count` more times. */
    async afterTicks(count: number) {
      const target = ticks + count;
      await eventually(() => {
        if (ticks < target) throw new Error(`waiting for tick ${target}, at ${ticks}`);
      });
    },
  };
}

/**
 * A job whose every run waits until the test lets it finish, counting runs and how many were in progress
 * at once (across every instance running it).
 */
export class HeldJob implements PeriodicJob {
  started = 0;
  finished = 0;
  active = 0;
  mostActive = 0;
  private release: (() => void)[] = [];
  private open = false;
  constructor(
    readonly name: string,
    readonly everyMs: number,
  ) {}

  run = async () => {
    this.started++;
    this.active++;
    this.mostActive = Math.max(this.mostActive, this.active);
    if (!this.open) await new Promise<void>((resolve) => this.release.push(resolve));
    this.active--;
    this.finished++;
  };

  /** Lets the runs in progress finish. */
  finishRuns() {
    for (const resolve of this.release.splice(0)) resolve();
  }

  /** From now on runs finish at once (so a test's runners can be stopped whatever state it left). */
  stopHolding() {
    this.open = true;
    this.finishRuns();
  }
}

/** Log lines as objects, for asserting what was (and was not) logged. */
export function capturedLog(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

/**
 * Stands in for the SMS gateway and the mail server of every instance: records what it accepted, and
 * refuses a recipient as many times as told (the gateway being down for them).
 */
export class RecordingSender implements SmsSender, MailSender {
  readonly accepted: { messageId: number; to: string; text: string }[] = [];
  readonly tries: { messageId: number; to: string }[] = [];
  private readonly refusals = new Map<string, number>();

  refuse(to: string, times = Number.POSITIVE_INFINITY) {
    this.refusals.set(to, times);
  }

  async send(message: { messageId: number; to: string; text: string }) {
    this.tries.push({ messageId: message.messageId, to: message.to });
    // Let other deliveries interleave, as a network call would.
    await new Promise((resolve) => setImmediate(resolve));
    const left = this.refusals.get(message.to) ?? 0;
    if (left > 0) {
      this.refusals.set(message.to, left - 1);
      throw new Error('gateway unavailable');
    }
    this.accepted.push({ messageId: message.messageId, to: message.to, text: message.text });
  }

  triesFor(to: string) {
    return this.tries.filter((t) => t.to === to).length;
  }
}
