import { describe, expect, it } from 'vitest';
import * as contract from '@lantern/contract';
import { useTestApp } from './support/test-app.ts';

/**
 * The contract's API paths (what the web calls) and the routes the server registers must agree: a path the
 * web calls that no route answers, or a route the contract does not name, fails here.
 */
const { t } = useTestApp();

/** `/api/users/{id}`, `/api/users/:id` and `/api/users/123` all become `/api/users/{}`. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+|(?<=\/)__PARAM__(?=\/|$)/g, '{}');

/** Every path table the contract exports: `API` and each area's `<AREA>_API`. */
const pathTables = Object.entries(contract).filter(([name]) => /^([A-Z]+_)*API$/.test(name)).map(([, table]) => table as Record<string, unknown>);

function contractPaths(): Set<string> {
  const paths = new Set<string>();
  for (const entry of pathTables.flatMap((table) => Object.values(table))) {
    if (typeof entry === 'string') paths.add(shapeOf(entry));
    else if (typeof entry === 'function') paths.add(shapeOf((entry as (...ids: string[]) => string)('__PARAM__', '__PARAM__', '__PARAM__')));
  }
  return paths;
}

function serverPaths(): Set<string> {
  const doc = t.app.swagger() as { paths?: Record<string, unknown> };
  return new Set(Object.keys(doc.paths ?? {}).filter((p) => p.startsWith('/api/') && !p.startsWith('/api/docs')).map(shapeOf));
}

describe('contract paths and server routes', () => {
  it('reads the path tables of every area', () => {
    expect(pathTables.length).toBeGreaterThanOrEqual(7);
  });

  it('has a server route for every path the contract names', () => {
    const served = serverPaths();
    expect([...contractPaths()].filter((p) => p.startsWith('/api/') && !served.has(p)).sort()).toEqual([]);
  });

  it('names every API route the server registers in the contract', () => {
    const named = contractPaths();
    expect([...serverPaths()].filter((p) => !named.has(p)).sort()).toEqual([]);
  });
});
