import { useEffect, useState, type FormEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Comment, DiscussionTargetTypeName } from '@lantern/contract';
import { COMMENT_MAX_LENGTH, isListFinished } from '@lantern/domain';
import { isApiError } from '../../../../lib/api';
import { errorToText } from '../../../../lib/errors';
import { useMe, useWhenSignedIn } from '../../../../lib/session';
import { Button } from '../../../../ui/Button';
import { MuteNotice, MuteNoticeInline } from '../../../../ui/MuteNotice';
import { ReportAction } from '../../../../ui/ReportAction';
import { useCommentTools } from './CommentTools';
import { toast } from '../../../../ui/toastStore';
import { useCommunityRefusal } from '../../../../ui/useCommunityRefusal';
import { WarningDialog } from '../../../../ui/WarningDialog';
import { commentsQuery } from '../api/comments';
import { useCreateComment, type NewComment } from '../api/createComment';
import { useDeleteComment } from '../api/deleteComment';
import { useReplies } from '../api/replies';
import { CommentContent, commentPlainText } from '../../../../ui/CommentContent';
import { MentionTextarea } from './MentionTextarea';
import { formatDateTime } from '../../../../lib/dates';

interface Props {
  type: DiscussionTargetTypeName;
  id: number;
}

/** The reasons of a comment write, in the thread's words (a locked post, a comment gone). */
function writeErrorText(t: ReturnType<typeof useTranslation>['t'], e: unknown): string {
  if (isApiError(e)) {
    if (e.errors.commentable?.[0] === 'locked') return t('discussion.locked');
    if (e.errors.commentary_id?.[0] === 'not_found' || e.errors.comment?.[0] === 'not_found') return t('discussion.comment_gone');
  }
  return errorToText(t, e);
}

interface ReplyTo {
  commentId: number;
  replyId?: number;
  nickname: string;
}

/**
 * What the thread's writes share: who is reading (for "own" and for the mute notice), the one refusal
 * handler (mute dialog, rate-limit text, silence on a banned word, sign-in popup on 401) and the muted
 * notice a muted viewer gets when they reach for "reply".
 */
interface Viewer {
  meId: number | null;
  muted: boolean;
  unmuteAt: number | null;
  refuse: (error: unknown) => boolean;
  showMuted: () => void;
}

/** The text box of a comment or a reply; @nickname in the text mentions a user (linked by the server). */
function CommentForm({ type, id, viewer, replyTo, onDone }: Props & { viewer: Viewer; replyTo?: ReplyTo; onDone?: () => void }) {
  const { t } = useTranslation();
  const whenSignedIn = useWhenSignedIn();
  const [text, setText] = useState(replyTo?.replyId ? `@${replyTo.nickname} ` : '');
  const create = useCreateComment({
    onSuccess: (created) => {
      setText('');
      // Held for staff approval (202): it shows to others once approved.
      toast.success(t(created.comment.moderation_state === 'pending' ? 'discussion.sent_pending' : 'discussion.sent'));
      onDone?.();
    },
    onError: (e) => {
      if (!viewer.refuse(e)) toast.fail(writeErrorText(t, e));
    },
  });
  if (viewer.muted) return <MuteNoticeInline unmuteAt={viewer.unmuteAt} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    whenSignedIn(() => {
      const comment: NewComment = { commentable_type: type, commentable_id: id, content: text };
      if (replyTo) {
        comment.commentary_id = replyTo.commentId;
        if (replyTo.replyId) comment.target_reply_id = replyTo.replyId;
      }
      create.mutate(comment);
    });
  };
  const label = replyTo ? t('discussion.reply_to', { nickname: replyTo.nickname }) : t('discussion.write');
  const boxId = `comment-${type}-${id}-${replyTo?.commentId ?? 'new'}`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label className="sr-only" htmlFor={boxId}>
        {label}
      </label>
      <MentionTextarea
        id={boxId}
        value={text}
        onChange={setText}
        suggest={viewer.meId !== null}
        placeholder={`${label} ${t('discussion.mention_hint')}`}
        maxLength={COMMENT_MAX_LENGTH}
        rows={replyTo ? 2 : 3}
        className="w-full resize-y rounded-lg border border-ink-700 bg-ink-900 p-3 text-sm text-fg placeholder:text-ink-500 focus:border-accent focus:outline-none"
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={create.isPending} disabled={text.trim() === ''}>
          {replyTo ? t('discussion.send_reply') : t('discussion.send')}
        </Button>
      </div>
    </form>
  );
}

function CommentHead({ comment, viewer, onReply, onDelete }: { comment: Comment; viewer: Viewer; onReply: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const whenSignedIn = useWhenSignedIn();
  const own = viewer.meId === comment.account.id;
  const tools = useCommentTools();
  const at = formatDateTime(comment.created_at_timestamp, i18n.language);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      <Link to={`/users/${comment.account.id}`} className="font-semibold text-fg hover:underline">
        {comment.account.nickname || t('discussion.someone')}
      </Link>
      <time dateTime={new Date(comment.created_at_timestamp * 1000).toISOString()}>{at}</time>
      <button type="button" className="hover:text-fg" onClick={() => whenSignedIn(() => (viewer.muted ? viewer.showMuted() : onReply()))}>
        {t('discussion.reply')}
      </button>
      {own ? (
        <button type="button" className="hover:text-danger" onClick={onDelete}>
          {t('discussion.delete')}
        </button>
      ) : (
        <ReportAction
          targetType="comment"
          targetId={comment.id}
          subject={{ kind: comment.reply ? 'reply' : 'comment', author: comment.account.nickname || t('discussion.someone'), excerpt: commentPlainText(comment.content) }}
        />
      )}
      {tools ? tools(comment) : null}
    </div>
  );
}

function CommentItem({ type, id, comment, viewer, onDelete }: Props & { comment: Comment; viewer: Viewer; onDelete: (c: Comment) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTo | null>(null);
  const replies = useReplies(type, id, comment.id, open);
  const shown = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  return (
    <li id={`comment-${comment.id}`} className="flex scroll-mt-24 flex-col gap-2 border-b border-ink-800 py-4" data-testid="comment" data-id={comment.id}>
      <CommentHead comment={comment} viewer={viewer} onReply={() => setReplyTo({ commentId: comment.id, nickname: comment.account.nickname })} onDelete={() => onDelete(comment)} />
      <CommentContent html={comment.content} />
      {comment.reply_count > 0 && !open ? (
        <button type="button" className="self-start text-xs text-accent hover:underline" onClick={() => setOpen(true)}>
          {t('discussion.show_replies', { count: comment.reply_count })}
        </button>
      ) : null}
      {open && shown.length > 0 ? (
        <ul className="ml-2 flex flex-col gap-3 border-l border-ink-800 pl-3 sm:ml-4 sm:pl-4" aria-label={t('discussion.replies')}>
          {shown.map((r) => (
            <li key={r.id} id={`comment-${r.id}`} className="flex scroll-mt-24 flex-col gap-1" data-testid="reply" data-id={r.id}>
              <CommentHead comment={r} viewer={viewer} onReply={() => setReplyTo({ commentId: comment.id, replyId: r.id, nickname: r.account.nickname })} onDelete={() => onDelete(r)} />
              <CommentContent html={r.content} />
            </li>
          ))}
        </ul>
      ) : null}
      {open && replies.hasNextPage ? (
        <button type="button" className="ml-4 self-start text-xs text-accent hover:underline" disabled={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
          {t('discussion.more_replies')}
        </button>
      ) : null}
      {replyTo ? (
        <div className="ml-2 sm:ml-4">
          <CommentForm
            key={`${replyTo.commentId}-${replyTo.replyId ?? 0}`}
            type={type}
            id={id}
            viewer={viewer}
            replyTo={replyTo}
            onDone={() => {
              setReplyTo(null);
              setOpen(true);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * A target's comments (docs/product/community.md#comments): the count, a form, the list (page 1 replaces,
 * "more comments" appends the next page, docs/product/screens.md#paged-lists), each comment's replies on
 * demand (likewise), replying with @mentions, reporting others' comments and replies, and deleting one's
 * own after a confirmation. Counts follow every write; refusals go through `useCommunityRefusal`.
 */
export function CommentThread({ type, id }: Props) {
  const { t } = useTranslation();
  const me = useMe();
  const refusal = useCommunityRefusal();
  const [mutedNotice, setMutedNotice] = useState(false);
  const [loaded, setLoaded] = useState(1);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const pages = useQueries({ queries: Array.from({ length: loaded }, (_, i) => commentsQuery(type, id, i + 1)) });
  const remove = useDeleteComment({
    onSuccess: () => {
      setDeleting(null);
      toast.success(t('discussion.deleted'));
    },
    onError: (e) => {
      setDeleting(null);
      if (!refusal.handle(e)) toast.fail(writeErrorText(t, e));
    },
  });
  const viewer: Viewer = {
    meId: me.data?.id ?? null,
    muted: me.data?.is_mute ?? false,
    unmuteAt: me.data?.unmute_at_timestamp ?? null,
    refuse: refusal.handle,
    showMuted: () => setMutedNotice(true),
  };
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  // A comment deleted meanwhile shifts later pages by one: the same comment must not show twice.
  const seen = new Set<number>();
  const comments = pages.flatMap((p) => p.data?.comments ?? []).filter((c) => !seen.has(c.id) && seen.add(c.id));
  const more = last.data !== undefined && !isListFinished(last.data.comments.length, last.data.meta.per) && last.data.meta.page * last.data.meta.per < last.data.meta.total_count;
  // A link to one comment (`#comment-{id}`, the report queue's) scrolls to it once it is on the page.
  const { hash } = useLocation();
  const shown = comments.length;
  useEffect(() => {
    if (!hash.startsWith('#comment-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, shown]);
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`comments-${type}-${id}`}>
      <h2 id={`comments-${type}-${id}`} className="text-base font-semibold text-fg">
        {t('discussion.comments_count', { count: first.data?.commentable.comments_count ?? 0 })}
      </h2>
      <CommentForm type={type} id={id} viewer={viewer} />
      {first.isPending ? <p className="text-sm text-muted">{t('discussion.loading')}</p> : null}
      {first.isError ? <p className="text-sm text-danger">{writeErrorText(t, first.error)}</p> : null}
      {first.data && comments.length === 0 ? <p className="text-sm text-muted">{t('discussion.empty')}</p> : null}
      {comments.length > 0 ? (
        <ul className="flex flex-col">
          {comments.map((c) => (
            <CommentItem key={c.id} type={type} id={id} comment={c} viewer={viewer} onDelete={setDeleting} />
          ))}
        </ul>
      ) : null}
      {more ? (
        <Button variant="secondary" size="sm" className="self-center" loading={last.isFetching} onClick={() => setLoaded(loaded + 1)}>
          {t('discussion.more_comments')}
        </Button>
      ) : null}
      <WarningDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting?.reply ? t('discussion.delete_reply_title') : t('discussion.delete_title')}
        body={deleting && !deleting.reply && deleting.reply_count > 0 ? t('discussion.delete_with_replies', { count: deleting.reply_count }) : undefined}
        confirmText={t('discussion.delete')}
        cancelText={t('discussion.cancel')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, commentable_type: type, commentable_id: id })}
      />
      <MuteNotice open={mutedNotice} onOpenChange={setMutedNotice} unmuteAt={viewer.unmuteAt} />
      {refusal.dialogs}
    </section>
  );
}
