import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitLiveEvent } from '../../../lib/live';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { EventOpenings } from './EventOpenings';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const opening = (id: number, nickname: string, amount: number, at: number) => ({ id, account: { nickname, avatar_url: null }, amount, currency: 'USD', opened_at_timestamp: at });

/** The event page's latest openings (docs/product/deals.md#red-packet-event-openings). */
describe('EventOpenings', () => {
  it('lists who opened how much, newest first as answered, and reloads when a live notice about this event arrives', async () => {
    const f = mockFetch({
      'GET /api/events/3/openings': [
        { status: 200, body: { openings: [opening(9, 'Ann', 123, 1_800_000_100), opening(8, 'Bo', 45, 1_800_000_000)] } },
        { status: 200, body: { openings: [opening(10, 'Cy', 300, 1_800_000_200), opening(9, 'Ann', 123, 1_800_000_100), opening(8, 'Bo', 45, 1_800_000_000)] } },
      ],
      'GET /api/events/3': [{ status: 200, body: { event: {} } }],
    });
    renderPage('/events/:id', <EventOpenings eventId={3} />, '/events/3', { id: 1 });
    await waitFor(() => expect(screen.getAllByTestId('red-packet-event-opening')).toHaveLength(2));
    const rows = screen.getAllByTestId('red-packet-event-opening');
    expect(within(rows[0]!).getByText('Ann')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('opened $1.23')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('opened $0.45')).toBeInTheDocument();
    expect(f.calls[0]!.url.searchParams.get('limit')).toBe('5');

    // A notice about another page changes nothing; one about this event reloads the list.
    emitLiveEvent('notification', { kind: 'activity', bar: { href: '/events/4' } });
    emitLiveEvent('notification', { kind: 'activity', detail: 'red_packet_shared', bar: { href: '/events/3' } });
    await waitFor(() => expect(screen.getAllByTestId('red-packet-event-opening')).toHaveLength(3));
    expect(within(screen.getAllByTestId('red-packet-event-opening')[0]!).getByText('Cy')).toBeInTheDocument();
    expect(f.count('GET /api/events/3/openings')).toBe(2);
  });

  it('says so when nobody has opened a packet yet', async () => {
    mockFetch({ 'GET /api/events/5/openings': [{ status: 200, body: { openings: [] } }] });
    renderPage('/events/:id', <EventOpenings eventId={5} />, '/events/5', null);
    expect(await screen.findByText('Nobody has opened a packet of this event yet.')).toBeInTheDocument();
  });
});
