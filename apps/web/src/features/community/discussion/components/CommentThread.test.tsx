import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../../i18n';
import { queryKeys } from '../../../../lib/query-keys';
import { closeSignIn, getSignInState } from '../../../../lib/signInStore';
import { mockFetch, type Call } from '../../../../test/fetchMock';
import { testQueryClient } from '../../../../test/queryClient';
import { sendReport } from '../../../../test/reports';
import { toast } from '../../../../ui/toastStore';
import { CommentThread } from './CommentThread';
import { renderCommentContent } from '../../../../ui/CommentContent';

// Each step waits on a mocked fetch and a re-render; on a busy machine (the whole suite in parallel) that can
// outlast the default second.
configure({ asyncUtilTimeout: 5000 });

const author = (id: number, nickname: string) => ({ id, nickname, avatar_url: null });
const comment = (id: number, over: Record<string, unknown> = {}) => ({
  id, commentable_type: 'Post', commentable_id: 7, commentary_id: null, reply: false, account: author(2, 'alice'),
  content: `comment ${id}`, at_users: [], target_reply_id: null, target_reply_account_ids: [], reply_count: 0, moderation_state: 'published', created_at_timestamp: 1_790_000_000, ...over,
});
const reply = (id: number, over: Record<string, unknown> = {}) => comment(id, { commentary_id: 1, reply: true, account: author(3, 'bob'), content: `reply ${id}`, ...over });
const counts = (n: number) => ({ likes_count: 0, dislikes_count: 0, comments_count: n, like_type: null });
const page = (comments: unknown[], total: number, p: number, n = total) => ({ status: 200, body: { comments, commentable: counts(n), meta: { total_count: total, page: p, per: 10 } } });

function setup(me: { id: number; is_mute?: boolean; unmute_at_timestamp?: number | null } | null) {
  const { client, wrapper: Wrapper } = testQueryClient();
  client.setQueryData(queryKeys.me.all, me);
  render(
    <MemoryRouter>
      <Wrapper>
        <CommentThread type="Post" id={7} />
      </Wrapper>
    </MemoryRouter>,
  );
  return { user: userEvent.setup() };
}

/** Signed in as account 9: waits for the thread (its heading says `heading`) and answers its comments. */
async function openThread(heading: string) {
  const { user } = setup({ id: 9 });
  await screen.findByRole('heading', { name: heading });
  return { user, comments: screen.getAllByTestId('comment') };
}

describe('CommentThread', () => {
  afterEach(closeSignIn);

  it('lists comments with the count, appends the next page of comments, and shows replies: page 1, then more appended', async () => {
    const first = Array.from({ length: 10 }, (_, i) => comment(i + 1, i === 0 ? { reply_count: 6 } : {}));
    const f = mockFetch({
      'GET /api/comments': [(c: Call) => (c.url.searchParams.get('page') === '2' ? page([comment(11), comment(12)], 12, 2, 18) : page(first, 12, 1, 18))],
      'GET /api/comments/1/replies': [(c: Call) => ({
        status: 200,
        body: c.url.searchParams.get('page') === '2'
          ? { replies: [reply(106)], meta: { total_count: 6, page: 2, per: 5 } }
          : { replies: [101, 102, 103, 104, 105].map((id) => reply(id)), meta: { total_count: 6, page: 1, per: 5 } },
      })],
    });
    const { user } = setup({ id: 2 });
    expect(await screen.findByRole('heading', { name: '18 comments' })).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show 6 replies' }));
    await waitFor(() => expect(screen.getAllByTestId('reply')).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: 'More replies' }));
    await waitFor(() => expect(screen.getAllByTestId('reply')).toHaveLength(6));
    expect(screen.getAllByTestId('reply').map((r) => within(r).getByText(/^reply/).textContent)).toEqual(['reply 101', 'reply 102', 'reply 103', 'reply 104', 'reply 105', 'reply 106']);
    expect(screen.queryByRole('button', { name: 'More replies' })).not.toBeInTheDocument();
    // Page 2 is appended under page 1; a short page ends the list.
    await user.click(screen.getByRole('button', { name: 'More comments' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(12));
    expect(screen.getAllByTestId('comment').map((c) => c.dataset.id)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(screen.queryByRole('button', { name: 'More comments' })).not.toBeInTheDocument();
    expect(f.calls.filter((c) => c.url.pathname === '/api/comments').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('replies to a reply with its author mentioned, and refreshes the list and its count', async () => {
    let total = 2;
    const f = mockFetch({
      'GET /api/comments': [() => page([comment(1, { reply_count: total - 1 })], 1, 1, total)],
      'GET /api/comments/1/replies': [{ status: 200, body: { replies: [reply(101)], meta: { total_count: 1, page: 1, per: 5 } } }],
      'POST /api/comments': [() => {
        total = 3;
        return { status: 201, body: { comment: reply(102), commentable: counts(3) } };
      }],
    });
    const { user } = setup({ id: 9 });
    await user.click(await screen.findByRole('button', { name: 'Show 1 reply' }));
    const theReply = await screen.findByTestId('reply');
    await user.click(within(theReply).getByRole('button', { name: 'Reply' }));
    const box = screen.getByLabelText('Reply to bob');
    expect(box).toHaveValue('@bob ');
    await user.type(box, 'agreed');
    await user.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(f.count('POST /api/comments')).toBe(1));
    expect(f.calls.find((c) => c.method === 'POST')!.body).toEqual({ comment: { commentable_type: 'Post', commentable_id: 7, commentary_id: 1, target_reply_id: 101, content: '@bob agreed' } });
    expect(await screen.findByRole('heading', { name: '3 comments' })).toBeInTheDocument();
  });

  it('deletes one\'s own comment after confirming, and offers no delete on others\'', async () => {
    let deleted = false;
    const f = mockFetch({
      'GET /api/comments': [() => (deleted ? page([comment(2)], 1, 1, 1) : page([comment(1, { account: author(9, 'me'), reply_count: 2 }), comment(2)], 2, 1, 4))],
      'DELETE /api/comments/1': [() => {
        deleted = true;
        return { status: 200, body: { deleted_count: 3, commentary_id: null, commentable: counts(1) } };
      }],
    });
    const { user, comments: [mine, theirs] } = await openThread('4 comments');
    expect(within(theirs!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(mine!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Its 2 replies will be deleted too.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(f.count('DELETE /api/comments/1')).toBe(1));
    expect(await screen.findByRole('heading', { name: '1 comment' })).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(1);
  });

  it('opens the sign-in popup when a guest sends a comment', async () => {
    const f = mockFetch({ 'GET /api/comments': [page([], 0, 1)] });
    const { user } = setup(null);
    expect(await screen.findByText('No comments yet. Be the first!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Write a comment'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(getSignInState().open).toBe(true);
    expect(f.count('POST /api/comments')).toBe(0);
  });

  it('shows a locked post\'s refusal in its own words', async () => {
    mockFetch({ 'GET /api/comments': [page([], 0, 1)], 'POST /api/comments': [{ status: 422, body: { errors: { commentable: ['locked'] } } }] });
    const fail = vi.spyOn(toast, 'fail');
    const { user } = setup({ id: 9 });
    await user.type(await screen.findByLabelText('Write a comment'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('This post is locked and cannot be commented on'));
    expect(screen.getByLabelText('Write a comment')).toHaveValue('hello');
  });
});

describe('CommentThread: reports, refusals and mentions', () => {
  afterEach(closeSignIn);

  it('offers "report" on others\' comments and replies, never on one\'s own, and sends a comment report', async () => {
    const f = mockFetch({
      'GET /api/comments': [page([comment(1, { reply_count: 1 }), comment(2, { account: author(9, 'me') })], 2, 1, 3)],
      'GET /api/comments/1/replies': [{ status: 200, body: { replies: [reply(101)], meta: { total_count: 1, page: 1, per: 5 } } }],
      'POST /api/reports': [{ status: 201, body: { report: { id: 5 } } }],
    });
    const { user, comments: [theirs, mine] } = await openThread('3 comments');
    expect(within(mine!).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await user.click(within(theirs!).getByRole('button', { name: 'Show 1 reply' }));
    const theReply = await screen.findByTestId('reply');
    await user.click(within(theReply).getByRole('button', { name: 'Report' }));
    // The dialog says it is the reply that is reported, and whose words.
    await sendReport(user, { title: 'Report this reply', quote: '“reply 101” by bob', reason: 'Unmarked spoilers' });
    expect(f.calls.find((c) => c.method === 'POST')!.body).toEqual({ report: { target_type: 'comment', target_id: 101, reason: 'spoiler' } });
  });

  it('opens the sign-in popup when a guest presses "report", without the dialog', async () => {
    mockFetch({ 'GET /api/comments': [page([comment(1)], 1, 1)] });
    const { user } = setup(null);
    await user.click(within(await screen.findByTestId('comment')).getByRole('button', { name: 'Report' }));
    expect(getSignInState().open).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names a comment in its report dialog, quoting its text without markup, in the site\'s language', async () => {
    mockFetch({ 'GET /api/comments': [page([comment(1, { content: '<a href="/users/3">@bob</a> spoilers &amp; more<br />ahead' })], 1, 1)] });
    const { user } = setup({ id: 9 });
    await user.click(within(await screen.findByTestId('comment')).getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report this comment' })).toHaveTextContent('“@bob spoilers & more ahead” by alice');
    await user.keyboard('{Escape}');
    await i18next.changeLanguage('zh-CN');
    try {
      await user.click(within(screen.getByTestId('comment')).getByRole('button', { name: '举报' }));
      expect(await screen.findByRole('dialog', { name: '举报评论' })).toHaveTextContent('alice：“@bob spoilers & more ahead”');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows a muted viewer the mute notice instead of the comment box, and the notice dialog on "reply"', async () => {
    const f = mockFetch({ 'GET /api/comments': [page([comment(1)], 1, 1)] });
    const { user } = setup({ id: 9, is_mute: true, unmute_at_timestamp: 1_900_000_000 });
    const notice = await screen.findByTestId('mute-notice-inline');
    expect(notice).toHaveTextContent('You are muted in the community');
    expect(notice).toHaveTextContent('support@lantern.games');
    expect(notice).toHaveTextContent(/Muted until/);
    expect(screen.queryByLabelText('Write a comment')).toBeNull();
    await user.click(within(await screen.findByTestId('comment')).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are muted in the community' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByLabelText(/Reply to/)).toBeNull();
    expect(f.count('POST /api/comments')).toBe(0);
  });

  it('opens the mute dialog when the server refuses a muted writer, and the rate-limit text when throttled', async () => {
    const f = mockFetch({
      'GET /api/comments': [page([], 0, 1)],
      'POST /api/comments': [
        { status: 403, body: { errors: { base: ['is_mute'] }, meta: { unmute_at_timestamp: 1_900_000_000 } } },
        { status: 429, body: { errors: { base: ['access_wait'] }, meta: { retry_after: 15 } } },
        { status: 422, body: { errors: { censor_words: ['banned'] } } },
      ],
    });
    const fail = vi.spyOn(toast, 'fail');
    const { user } = setup({ id: 9 });
    await user.type(await screen.findByLabelText('Write a comment'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Posting is unavailable' });
    expect(dialog).toHaveTextContent('Muted until');
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fail).toHaveBeenCalledWith('You are doing that too often. Please wait a moment and try again.'));
    // A blocked word answers silently: no toast, no dialog, the text stays.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(f.count('POST /api/comments')).toBe(3));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('aria-busy'));
    expect(fail).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Write a comment')).toHaveValue('hello');
  });

  it('suggests nicknames after @ and puts the chosen one in the text', async () => {
    const f = mockFetch({
      'GET /api/comments': [page([], 0, 1)],
      'GET /api/prefix_search': [{ status: 200, body: { users: [{ id: 31, nickname: 'alice', avatar_url: null }, { id: 32, nickname: 'alicia', avatar_url: null }] } }],
    });
    const { user } = setup({ id: 9 });
    const box = await screen.findByLabelText('Write a comment');
    await user.type(box, 'thanks @ali');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['@alice', '@alicia']);
    expect(f.calls.find((c) => c.url.pathname === '/api/prefix_search')!.url.searchParams.get('prefix')).toBe('ali');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('thanks @alicia ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('renderCommentContent', () => {
  it('turns the stored HTML into text, line breaks and user links only', () => {
    const { container } = render(<MemoryRouter>{renderCommentContent('hi <a href="/users/5">@小明</a><br />a &lt;b&gt; &amp; "q"<img src=x onerror=alert(1)>')}</MemoryRouter>);
    expect(container.querySelector('a')).toHaveAttribute('href', '/users/5');
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('hi @小明a <b> & "q"');
  });
});
