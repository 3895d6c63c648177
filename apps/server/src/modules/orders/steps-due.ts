import { sql, type SQL } from 'drizzle-orm';

/**
 * The `dueSql` of every step that has one, as one JSON object of step name → boolean (null when none has): read in
 * a statement that runs anyway (placing an order, the payment's claim), so a step with nothing to do costs none of
 * its own. Shared by the placed-order steps (placed.ts) and the fulfilment steps (fulfilment.ts).
 */
export function stepsDueJsonSql<On>(steps: readonly { name: string; dueSql?(on: On): SQL }[], on: On): SQL {
  const due = steps.filter((step) => step.dueSql);
  if (due.length === 0) return sql`null`;
  return sql`json_build_object(${sql.join(due.map((step) => sql`${step.name}::text, ${step.dueSql!(on)}`), sql`, `)})`;
}
