import type { ReasonCode } from '@lantern/domain';
import { AppError, type FieldErrors } from '../../../platform/errors.ts';

/**
 * The problems a checkout finds, gathered across its steps so the buyer hears all of them in one 422:
 * `{ errors: { field: [reason] } }`, and for SKU problems also which SKU had which (`meta.skus`).
 */
export class CheckoutProblems {
  private readonly errors: FieldErrors = {};
  private readonly perSku: FieldErrors = {};

  add(field: string, reason: ReasonCode): void {
    pushOnce((this.errors[field] ??= []), reason);
  }

  sku(skuId: number, reason: ReasonCode): void {
    this.add('sku', reason);
    pushOnce((this.perSku[skuId] ??= []), reason);
  }

  /** The same problems, to note more on without touching these (each try of a group's buyer starts from what was found before it). */
  copy(): CheckoutProblems {
    const copy = new CheckoutProblems();
    for (const [field, reasons] of Object.entries(this.errors)) for (const reason of reasons) copy.add(field, reason);
    for (const [skuId, reasons] of Object.entries(this.perSku)) for (const reason of reasons) pushOnce((copy.perSku[skuId] ??= []), reason);
    return copy;
  }

  any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    const error = this.asError();
    if (error) throw error;
  }

  /** The 422 the problems found so far make, or null when there are none (a checkout of many answers it per buyer). */
  asError(): AppError | null {
    if (Object.keys(this.errors).length === 0) return null;
    return new AppError(422, this.errors, Object.keys(this.perSku).length > 0 ? { skus: this.perSku } : undefined);
  }
}

function pushOnce(list: ReasonCode[], reason: ReasonCode) {
  if (!list.includes(reason)) list.push(reason);
}
