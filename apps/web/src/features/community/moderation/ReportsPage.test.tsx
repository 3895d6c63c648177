import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { toast } from '../../../ui/toastStore';
import { ReportsPage } from './components/ReportsPage';

configure({ asyncUtilTimeout: 5000 });

const report = (over: Record<string, unknown> = {}) => ({
  id: 5, target_type: 'post', target_id: 7, reason: 'spam', text: 'Gold shop link', status: 'open', created_at_timestamp: 1_790_000_000, area: 'abroad',
  reporter_id: 3, reporter_accuracy: 0.75, severity: 2, target_author_id: 2, summary: 'Cheap gold here', resolution: null, resolved_by: null,
  resolved_at_timestamp: null, claimed_by: null, claimed_at_timestamp: null, ...over,
});
const queue = (...reports: ReturnType<typeof report>[]) => ({ status: 200, body: { reports, meta: { total_count: reports.length, page: 1, per: 20 } } });
const setup = (permissions: string[], path = '/moderation/reports') => renderPage('/moderation/reports', <ReportsPage />, path, { id: 9, permissions } as { id: number });


describe('the report queue', () => {
  it('is for staff only: a group admin is told so and asks nothing', async () => {
    const f = mockFetch({});
    setup(['api_all_group']);
    expect(await screen.findByText('Staff only')).toBeInTheDocument();
    expect(f.calls).toEqual([]);
  });

  it('shows an open report with its reason, accuracy, words and a link to the post', async () => {
    const f = mockFetch({ 'GET /api/admin/reports': [queue(report())] });
    setup(['api_staff']);
    const item = await screen.findByTestId('report');
    expect(item).toHaveTextContent('Spam or advertising');
    expect(item).toHaveTextContent('Reporter accuracy 75%');
    expect(within(item).getByTestId('report-summary')).toHaveTextContent('Cheap gold here');
    expect(within(item).getByRole('link', { name: 'Open the reported item' })).toHaveAttribute('href', '/posts/7');
    expect(Object.fromEntries(f.calls[0]!.url.searchParams)).toMatchObject({ status: 'open', page: '1' });
  });

  it('claims a report, then resolves it with the action chosen in the dialog', async () => {
    const f = mockFetch({
      'GET /api/admin/reports': [queue(report()), queue(report({ claimed_by: 9 })), queue()],
      'POST /api/admin/reports/5/claim': [{ status: 200, body: { claimed_report_ids: [5], claimed_by: 9, claimed_at_timestamp: 1_790_000_100 } }],
      'POST /api/admin/reports/5/resolve': [{ status: 200, body: { target_type: 'post', target_id: 7, action: 'mute', resolved_report_ids: [5], unmute_at_timestamp: 1_790_600_000 } }],
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = setup(['api_staff']);
    await user.click(await screen.findByTestId('report-claim'));
    expect(await screen.findByText('Claimed by you')).toBeInTheDocument();
    await user.click(screen.getByTestId('report-resolve'));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve this report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Hide it and mute the author' }));
    await user.selectOptions(within(dialog).getByLabelText('How long'), '3');
    await user.click(within(dialog).getByTestId('resolve-confirm'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Resolved: hidden and the author muted'));
    expect(f.calls.find((c) => c.url.pathname.endsWith('/resolve'))!.body).toEqual({ resolution: { action: 'mute', mute_days: 3 } });
    expect(await screen.findByText('No open reports. All clear.')).toBeInTheDocument();
  });

  it('tells a staff member who lost a claim that it is taken', async () => {
    mockFetch({
      'GET /api/admin/reports': [queue(report())],
      'POST /api/admin/reports/5/claim': [{ status: 422, body: { errors: { base: ['taken'] }, meta: { claimed_by: 4 } } }],
    });
    const fail = vi.spyOn(toast, 'fail');
    const { user } = setup(['api_staff']);
    await user.click(await screen.findByTestId('report-claim'));
    await waitFor(() => expect(fail).toHaveBeenCalled());
  });
});
