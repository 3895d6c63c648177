import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { fetchPacks } from './packs';

describe('GET /api/custom/packs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the ids as ids[] and returns the packs', async () => {
    const m = mockFetch({ 'GET /api/custom/packs': [{ status: 200, body: { packs: [{ id: 43 }, { id: 44 }] } }] });
    const packs = await fetchPacks([43, 44]);
    expect(packs.map((p) => p.id)).toEqual([43, 44]);
    expect(m.calls[0]!.url.searchParams.getAll('ids[]')).toEqual(['43', '44']);
    expect(m.calls[0]!.url.searchParams.get('client')).toBe('web');
  });
});
