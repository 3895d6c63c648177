import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../i18n';
import { mockFetch } from '../test/fetchMock';
import { testQueryClient } from '../test/queryClient';
import { MuteDialog, MuteNotice } from './MuteNotice';
import { ReportDialog } from './ReportDialog';
import { ResponsibilityDialog } from './ResponsibilityDialog';
import { toast } from './toastStore';
import { useCommunityRefusal } from './useCommunityRefusal';
import { ApiError } from '../lib/api';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

function renderReport(onOpenChange = vi.fn()) {
  const { client } = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ReportDialog open onOpenChange={onOpenChange} targetType="post" targetId={42} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('<ReportDialog>', () => {
  it('sends the chosen reason and text to /api/reports and toasts the success', async () => {
    const fetch = mockFetch({ 'POST /api/reports': [{ status: 201, body: { report: { id: 1 } } }] });
    const success = vi.spyOn(toast, 'success');
    const onOpenChange = renderReport();
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Spam or advertising' }));
    await userEvent.type(screen.getByLabelText('Anything staff should know (optional)'), ' buy gold here ');
    await userEvent.click(send);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Reported. Thank you, staff will look at it.'));
    expect(fetch.calls[0]!.body).toEqual({ report: { target_type: 'post', target_id: 42, reason: 'spam', text: 'buy gold here' } });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('lists every reason, in Chinese on the mainland site', async () => {
    await i18next.changeLanguage('zh-CN');
    mockFetch({});
    renderReport();
    const group = screen.getByRole('radiogroup', { name: '举报原因' });
    expect(within(group).getAllByRole('radio')).toHaveLength(8);
    expect(within(group).getByRole('radio', { name: '违法违规' })).toBeInTheDocument();
  });

  it('says "already reported" for a second open report, and the rate-limit text when throttled', async () => {
    mockFetch({ 'POST /api/reports': [{ status: 422, body: { errors: { target_id: ['taken'] } } }, { status: 429, body: { errors: { base: ['rate_limit'] }, meta: { retry_after: 60 } } }] });
    const fail = vi.spyOn(toast, 'fail');
    renderReport();
    await userEvent.click(screen.getByRole('radio', { name: 'Abuse or harassment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You have already reported this; staff will look at it.'));
    await userEvent.click(screen.getByRole('radio', { name: 'Abuse or harassment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.'));
  });

  it('shows the plain failure prompt for anything else', async () => {
    mockFetch({ 'POST /api/reports': [{ status: 500, body: { errors: { base: ['server_error'] } } }] });
    const fail = vi.spyOn(toast, 'fail');
    renderReport();
    await userEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('The report could not be sent'));
  });
});

describe('mute notice and mute dialog', () => {
  it('the notice explains the mute, gives the unmute time and the contact-staff text, and closes on OK', async () => {
    const onOpenChange = vi.fn();
    render(<MuteNotice open onOpenChange={onOpenChange} unmuteAt={1_900_000_000} />);
    const dialog = screen.getByRole('dialog', { name: 'You are muted in the community' });
    expect(within(dialog).getByText(/While muted you cannot post/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Muted until /)).toBeInTheDocument();
    expect(within(dialog).getByText(/support@lantern\.games/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('the dialog says how to reach the staff, in both languages', async () => {
    const { rerender } = render(<MuteDialog open onOpenChange={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Posting is unavailable' })).toHaveTextContent('contact our staff');
    await i18next.changeLanguage('zh-CN');
    rerender(<MuteDialog open onOpenChange={() => {}} />);
    expect(screen.getByRole('dialog', { name: '暂时无法发布' })).toHaveTextContent('请联系工作人员');
  });
});

describe('<ResponsibilityDialog>', () => {
  it('acknowledge: "I have got it", plus "unbound temporarily" when no Steam account is bound', async () => {
    const onGotIt = vi.fn();
    const onUnbound = vi.fn();
    const { rerender } = render(<ResponsibilityDialog open onOpenChange={() => {}} onGotIt={onGotIt} />);
    expect(screen.getByRole('dialog', { name: 'Responsibility declaration' })).toHaveTextContent('your play time for each game');
    expect(screen.queryByRole('button', { name: 'Unbound temporarily' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'I have got it' }));
    expect(onGotIt).toHaveBeenCalled();
    rerender(<ResponsibilityDialog open onOpenChange={() => {}} steamBound={false} onUnboundTemporarily={onUnbound} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unbound temporarily' }));
    expect(onUnbound).toHaveBeenCalled();
  });

  it('decide: continue or give up', async () => {
    const onContinue = vi.fn();
    const onGiveUp = vi.fn();
    render(<ResponsibilityDialog open onOpenChange={() => {}} variant="decide" onContinue={onContinue} onGiveUp={onGiveUp} />);
    await userEvent.click(screen.getByRole('button', { name: 'Give up' }));
    expect(onGiveUp).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });
});

describe('useCommunityRefusal', () => {
  function Composer({ error, onOwn }: { error: unknown; onOwn: () => void }) {
    const refusal = useCommunityRefusal();
    return (
      <>
        <button onClick={() => refusal.handle(error) || onOwn()}>publish</button>
        {refusal.dialogs}
      </>
    );
  }

  it('opens the mute dialog with the unmute time on 403 is_mute and on a warn ban', async () => {
    for (const reason of ['is_mute', 'banned']) {
      const { unmount } = render(<Composer error={new ApiError(403, { base: [reason] }, { unmute_at_timestamp: 1_900_000_000 })} onOwn={() => {}} />);
      await userEvent.click(screen.getByRole('button', { name: 'publish' }));
      const dialog = await screen.findByRole('dialog', { name: 'Posting is unavailable' });
      expect(dialog).toHaveTextContent('Muted until');
      unmount();
    }
  });

  it('shows nothing for a banned word, the rate-limit text for access_wait, and leaves the rest to the caller', async () => {
    const fail = vi.spyOn(toast, 'fail');
    const own = vi.fn();
    const { rerender } = render(<Composer error={new ApiError(422, { censor_words: ['banned'] })} onOwn={own} />);
    await userEvent.click(screen.getByRole('button', { name: 'publish' }));
    expect(fail).not.toHaveBeenCalled();
    expect(own).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Composer error={new ApiError(429, { base: ['access_wait'] })} onOwn={own} />);
    await userEvent.click(screen.getByRole('button', { name: 'publish' }));
    expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.');
    rerender(<Composer error={new ApiError(500, { base: ['server_error'] })} onOwn={own} />);
    await userEvent.click(screen.getByRole('button', { name: 'publish' }));
    expect(own).toHaveBeenCalledTimes(1);
  });
});
