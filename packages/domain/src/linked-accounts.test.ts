import { describe, expect, it } from 'vitest';
import { bindingProblem, safeReturnPath, steamError } from './linked-accounts.ts';

describe('steam errors', () => {
  it('say unbind without a Steam account, hidden for a private profile, nothing for a public one', () => {
    expect(steamError(false, true)).toBe('unbind');
    expect(steamError(true, false)).toBe('hidden');
    expect(steamError(true, true)).toBeNull();
  });
});

describe('binding', () => {
  const base = { accountId: 1, boundToThisAccount: null, ownerOfExternal: null, externalId: '76561190000000001' };
  it('allows a free outside account on an account without one of its kind', () => {
    expect(bindingProblem(base)).toBeNull();
  });
  it('refuses an outside account bound to someone else', () => {
    expect(bindingProblem({ ...base, ownerOfExternal: 2 })).toBe('taken');
  });
  it('refuses a second account of the same kind', () => {
    expect(bindingProblem({ ...base, boundToThisAccount: '76561190000000002' })).toBe('already_bound');
  });
  it('treats binding the same pair again as nothing to do', () => {
    expect(bindingProblem({ ...base, boundToThisAccount: base.externalId, ownerOfExternal: 1 })).toBeNull();
  });
});

describe('return paths', () => {
  it('keep a path of this site and refuse other hosts', () => {
    expect(safeReturnPath('/setting/linked_accounts', '/')).toBe('/setting/linked_accounts');
    expect(safeReturnPath('//evil.example/x', '/')).toBe('/');
    expect(safeReturnPath('https://evil.example', '/')).toBe('/');
    expect(safeReturnPath('/\\evil.example', '/')).toBe('/');
    expect(safeReturnPath(undefined, '/home')).toBe('/home');
  });
});
