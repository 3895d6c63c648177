import type { Deps } from '../../platform/deps.ts';
import type { ReleasedUnits, SeckillGate } from './gate-shape.ts';
import { LocalSeckillGate } from './local-gate.ts';
import { RedisSeckillGate } from './redis-gate.ts';

export { GATE_ADMISSION_LOST_MS, GATE_REFUSAL_MEMORY_MS, GATE_SYNC_MS, type GateEntry, type GateItem, type GateOutcome, type ReleasedUnits, type SeckillGate } from './gate-shape.ts';

/**
 * The gates of this process by scope. Release steps are registered once per process (orders keeps them
 * without knowing any instance), so a release is told to one gate of each scope: instances sharing a
 * Redis are one scope and must count it once; each in-process gate is a scope of its own.
 */
const gates = new Map<string, Set<SeckillGate>>();

export function openSeckillGate(deps: Deps): { gate: SeckillGate; close(): void } {
  const gate = deps.kv.scripts ? new RedisSeckillGate(deps, deps.kv.scripts) : new LocalSeckillGate(deps);
  const scope = gates.get(gate.scope) ?? new Set();
  scope.add(gate);
  gates.set(gate.scope, scope);
  return {
    gate,
    close() {
      scope.delete(gate);
      if (scope.size === 0 && gates.get(gate.scope) === scope) gates.delete(gate.scope);
    },
  };
}

export async function tellGatesReleased(units: readonly ReleasedUnits[]): Promise<void> {
  if (units.length === 0) return;
  for (const scope of gates.values()) {
    const [gate] = scope;
    await gate?.released(units);
  }
}
