import { randomBytes } from 'node:crypto';
import type { FactoryReason } from '@lantern/domain';

/** Why the supplier would not sell a key now; the web shows `factory_{reason}` (docs/product/buying.md#factory-reasons). A real adapter maps Genba's answers to these. */
export type SupplierRefusal = FactoryReason;

export interface SupplierOrder {
  skuId: number;
  keyType: string;
  /** The SKU's region lock (null: any region of the area); a real supplier checks it against its territory. */
  region: string | null;
  /** Our reference, sent along so a repeated call for the same unit is recognised (idempotent). */
  reference: string;
  /** Aborted when the caller stops waiting (its timeout): a real adapter passes it to its HTTP call. */
  signal?: AbortSignal;
}

export type SupplierAnswer = { ok: true; code: string } | { ok: false; reason: SupplierRefusal };

/**
 * The key supplier (Genba): a SKU whose keys are bought per sale instead of held in a pool. A real
 * adapter speaks Genba's API; the sandbox answers in-process, in the same shape.
 */
export interface GenbaSupplier {
  orderKey(order: SupplierOrder): Promise<SupplierAnswer>;
}

/** A key that looks like one of the platform's (five groups of five for Steam-like keys). */
export function sandboxKeyCode(keyType: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(25);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]!);
  const groups = keyType === 'uplay' ? [4, 4, 4, 4] : keyType === 'origin' ? [4, 4, 4, 4, 4] : [5, 5, 5];
  let at = 0;
  return groups.map((n) => chars.slice(at, (at += n)).join('')).join('-');
}

/**
 * Sandbox supplier: sells a generated key, refuses region-locked SKUs as `region_locked` (it serves the
 * whole area only), and answers scripted refusals set by tests (`refuse`), one call each, in order.
 * The same reference always gets the same key, as a real supplier's idempotent order would.
 */
export class SandboxGenbaSupplier implements GenbaSupplier {
  private readonly scripted = new Map<number, SupplierRefusal[]>();
  private readonly sold = new Map<string, string>();

  refuse(skuId: number, ...reasons: SupplierRefusal[]) {
    this.scripted.set(skuId, [...(this.scripted.get(skuId) ?? []), ...reasons]);
  }

  async orderKey(order: SupplierOrder): Promise<SupplierAnswer> {
    const queued = this.scripted.get(order.skuId);
    const scripted = queued?.shift();
    if (scripted) return { ok: false, reason: scripted };
    if (order.region !== null) return { ok: false, reason: 'region_locked' };
    const known = this.sold.get(order.reference);
    if (known) return { ok: true, code: known };
    const code = sandboxKeyCode(order.keyType);
    this.sold.set(order.reference, code);
    return { ok: true, code };
  }
}
