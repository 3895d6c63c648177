// Types of initial-js.mjs, for the bench (TypeScript) that reports the same figure.
export interface InitialJavaScript {
  files: { name: string; gzipBytes: number }[];
  totalGzipBytes: number;
}
export const INITIAL_JS_BUDGET_BYTES: number;
export const DEFAULT_DIST: string;
export function initialJavaScript(dist?: string): InitialJavaScript;
export function describe(measured: InitialJavaScript, budget?: number): string;
