import { Profiler } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { COOKIES } from '@lantern/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { readSessionEarly, useMe } from './session';
import { getSite } from './site';

/**
 * The frame reads the session (`useMe`) on every page. Read at boot, before the first render, it is known when
 * the app first draws: the frame is committed once, not drawn again when the answer arrives.
 */
const sessionCookie = () => COOKIES.session(getSite().area);

function Frame() {
  const me = useMe();
  return <p>{me.isPending ? 'reading' : (me.data?.nickname ?? 'guest')}</p>;
}

/** Renders the frame and counts React's commits until it shows `settled` and any answer still on its way was drawn. */
async function commitsOf(client: QueryClient, settled: string) {
  let commits = 0;
  render(
    <Profiler id="frame" onRender={() => void commits++}>
      <QueryClientProvider client={client}>
        <Frame />
      </QueryClientProvider>
    </Profiler>,
  );
  // Wait for the frame's final text however long the answer takes (a busy machine), then for anything after it.
  await screen.findByText(settled);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return commits;
}

describe('the session read at boot', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${sessionCookie()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it("knows a guest before the first render, without a request: the frame commits once", async () => {
    const fetched = mockFetch({});
    const client = new QueryClient();
    await readSessionEarly(client);
    expect(await commitsOf(client, 'guest')).toBe(1);
    expect(fetched.calls).toHaveLength(0);
  });

  it("reads a member's account before the first render: the frame commits once, with the account", async () => {
    document.cookie = `${sessionCookie()}=1; path=/`;
    const fetched = mockFetch({ 'GET /api/me': [{ status: 200, body: { id: 7, nickname: 'kai' } }] });
    const client = new QueryClient();
    await readSessionEarly(client);
    expect(await commitsOf(client, 'kai')).toBe(1);
    expect(fetched.calls.filter((c) => c.url.pathname === '/api/me')).toHaveLength(1);
  });

  it('without it, the frame is drawn a second time when the session arrives (what the boot avoids)', async () => {
    mockFetch({});
    expect(await commitsOf(new QueryClient(), 'guest')).toBe(2);
  });
});
