import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Comment, DiscussionTargetTypeName } from '@lantern/contract';
import { COMMENT_MAX_LENGTH } from '@lantern/domain';
import { isApiError } from '../../../../lib/api';
import { errorToText } from '../../../../lib/errors';
import { useMe, useWhenSignedIn } from '../../../../lib/session';
import { Button } from '../../../../ui/Button';
import { toast } from '../../../../ui/toastStore';
import { WarningDialog } from '../../../../ui/WarningDialog';
import { useComments } from '../api/comments';
import { useCreateComment, type NewComment } from '../api/createComment';
import { useDeleteComment } from '../api/deleteComment';
import { useReplies } from '../api/replies';
import { CommentContent } from './CommentContent';

interface Props {
  type: DiscussionTargetTypeName;
  id: number;
}

/** The reasons of a comment write, in the thread's words (a locked post, a comment gone, a second like). */
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

/** The text box of a comment or a reply; @nickname in the text mentions a user (linked by the server). */
function CommentForm({ type, id, replyTo, onDone }: Props & { replyTo?: ReplyTo; onDone?: () => void }) {
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
      if (!(isApiError(e) && e.status === 401)) toast.fail(writeErrorText(t, e));
    },
  });
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
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label className="sr-only" htmlFor={`comment-${type}-${id}-${replyTo?.commentId ?? 'new'}`}>
        {label}
      </label>
      <textarea
        id={`comment-${type}-${id}-${replyTo?.commentId ?? 'new'}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
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

function CommentHead({ comment, canDelete, onReply, onDelete }: { comment: Comment; canDelete: boolean; onReply: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const at = new Date(comment.created_at_timestamp * 1000).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
      <Link to={`/users/${comment.account.id}`} className="font-semibold text-fg hover:underline">
        {comment.account.nickname || t('discussion.someone')}
      </Link>
      <time dateTime={new Date(comment.created_at_timestamp * 1000).toISOString()}>{at}</time>
      <button type="button" className="hover:text-fg" onClick={onReply}>
        {t('discussion.reply')}
      </button>
      {canDelete ? (
        <button type="button" className="hover:text-danger" onClick={onDelete}>
          {t('discussion.delete')}
        </button>
      ) : null}
    </div>
  );
}

function CommentItem({ type, id, comment, meId, onDelete }: Props & { comment: Comment; meId: number | null; onDelete: (c: Comment) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTo | null>(null);
  const replies = useReplies(type, id, comment.id, open);
  const shown = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  return (
    <li className="flex flex-col gap-2 border-b border-ink-800 py-4" data-testid="comment">
      <CommentHead comment={comment} canDelete={meId === comment.account.id} onReply={() => setReplyTo({ commentId: comment.id, nickname: comment.account.nickname })} onDelete={() => onDelete(comment)} />
      <CommentContent html={comment.content} />
      {comment.reply_count > 0 && !open ? (
        <button type="button" className="self-start text-xs text-accent hover:underline" onClick={() => setOpen(true)}>
          {t('discussion.show_replies', { count: comment.reply_count })}
        </button>
      ) : null}
      {open && shown.length > 0 ? (
        <ul className="ml-4 flex flex-col gap-3 border-l border-ink-800 pl-4" aria-label={t('discussion.replies')}>
          {shown.map((r) => (
            <li key={r.id} className="flex flex-col gap-1" data-testid="reply">
              <CommentHead comment={r} canDelete={meId === r.account.id} onReply={() => setReplyTo({ commentId: comment.id, replyId: r.id, nickname: r.account.nickname })} onDelete={() => onDelete(r)} />
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
        <div className="ml-4">
          <CommentForm
            key={`${replyTo.commentId}-${replyTo.replyId ?? 0}`}
            type={type}
            id={id}
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
 * A target's comments (docs/product/community.md#comments): the count, a form, the list page by page, each
 * comment's replies on demand (page 1 replaces, later pages append), replying with @mentions, and deleting
 * one's own after a confirmation. Counts follow every write.
 */
export function CommentThread({ type, id }: Props) {
  const { t } = useTranslation();
  const me = useMe();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const comments = useComments(type, id, page);
  const remove = useDeleteComment({
    onSuccess: () => {
      setDeleting(null);
      toast.success(t('discussion.deleted'));
    },
    onError: (e) => {
      setDeleting(null);
      toast.fail(writeErrorText(t, e));
    },
  });
  const data = comments.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total_count / data.meta.per)) : 1;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`comments-${type}-${id}`}>
      <h2 id={`comments-${type}-${id}`} className="text-base font-semibold text-fg">
        {t('discussion.comments_count', { count: data?.commentable.comments_count ?? 0 })}
      </h2>
      <CommentForm type={type} id={id} />
      {comments.isPending ? <p className="text-sm text-muted">{t('discussion.loading')}</p> : null}
      {comments.isError ? <p className="text-sm text-danger">{writeErrorText(t, comments.error)}</p> : null}
      {data && data.comments.length === 0 ? <p className="text-sm text-muted">{t('discussion.empty')}</p> : null}
      {data && data.comments.length > 0 ? (
        <ul className="flex flex-col">
          {data.comments.map((c) => (
            <CommentItem key={c.id} type={type} id={id} comment={c} meId={me.data?.id ?? null} onDelete={setDeleting} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="flex items-center justify-center gap-3 text-sm" aria-label={t('discussion.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('discussion.previous')}
          </Button>
          <span className="tabular-nums text-muted">{t('discussion.page_of', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('discussion.next')}
          </Button>
        </nav>
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
    </section>
  );
}
