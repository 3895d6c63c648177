import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { gameKeysQuery, uplayKeysQuery } from './gameKeys';

const empty = { game_keys: [], meta: { total_count: 0, page: 1, per: 10 } };

describe('key list cache (a uplay list is reused while under 50 s old)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once within 50 seconds, again after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z').getTime();
    vi.setSystemTime(start);
    const f = mockFetch({ 'GET /api/game_key': [{ status: 200, body: empty }] });
    const client = new QueryClient();
    await client.fetchQuery(uplayKeysQuery(1));
    vi.setSystemTime(start + 49_000);
    await client.fetchQuery(uplayKeysQuery(1));
    expect(f.count('GET /api/game_key')).toBe(1);
    vi.setSystemTime(start + 50_001);
    await client.fetchQuery(uplayKeysQuery(1));
    expect(f.count('GET /api/game_key')).toBe(2);
    expect(f.calls[0]!.url.searchParams.get('q[key_type_eq]')).toBe('uplay');
  });

  it('other key lists are not held back', async () => {
    const f = mockFetch({ 'GET /api/game_key': [{ status: 200, body: empty }] });
    const client = new QueryClient();
    await client.fetchQuery(gameKeysQuery(1, 'all'));
    await client.fetchQuery(gameKeysQuery(1, 'all'));
    expect(f.count('GET /api/game_key')).toBe(2);
    expect(f.calls[0]!.url.searchParams.has('q[key_type_eq]')).toBe(false);
  });
});
