import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { needsResponsibilityDeclaration, POST_LIMITS } from '@lantern/domain';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { MuteDialog } from '../../../ui/MuteNotice';
import { ResponsibilityDialog } from '../../../ui/ResponsibilityDialog';
import { Spinner } from '../../../ui/Spinner';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/toastStore';
import { useCommunityRefusal } from '../../../ui/useCommunityRefusal';
import { useDraft, useSaveDraft, type Draft } from '../api/drafts';
import { useAcknowledgeResponsibility } from '../api/responsibility';
import { communityPaths } from '../paths';

// TipTap is heavy: it is fetched with this page only, never with the rest of the store.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const isMuted = (e: unknown) => isApiError(e) && e.status === 403 && ((e.errors.base ?? e.errors.account)?.includes('is_mute') ?? false);
const isTaken = (e: unknown) => isApiError(e) && (e.errors.account_id?.includes('taken') ?? false);

function StarPicker({ value, onChange }: { value: number | null; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">{t('community.your_score')}</legend>
      <div className="flex gap-1" role="radiogroup" aria-label={t('community.your_score')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" role="radio" aria-checked={value === n} aria-label={t('community.stars', { count: n })} onClick={() => onChange(n)}
            className={`grid size-10 place-items-center rounded-lg text-xl ring-1 ${value !== null && n <= value ? 'bg-accent/20 text-accent ring-accent/50' : 'text-subtle ring-ink-700 hover:text-fg'}`} data-testid={`score-${n}`}>
            ★
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Leaving the editor with text not saved asks first, with the declaration's continue / give-up variant
 * (decisions/0019): "continue" stays, "give up" leaves. A reload or a closed tab gets the browser's own
 * question.
 */
function useLeaveGuard(dirty: () => boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty());
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirty()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  return blocker;
}

function Form({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const save = useSaveDraft(draft.id);
  const refusal = useCommunityRefusal();
  const [title, setTitle] = useState(draft.title);
  const [content, setContent] = useState(draft.content);
  const [score, setScore] = useState<number | null>(draft.score);
  const [problem, setProblem] = useState<string | null>(null);
  // What the server holds: the editor's text is "unsaved" when it differs from this.
  const saved = useRef({ title: draft.title, content: draft.content, score: draft.score });
  const current = useRef({ title, content, score });
  current.current = { title, content, score };
  const dirty = useRef(() => {
    const [now, then] = [current.current, saved.current];
    return now.title !== then.title || now.content !== then.content || now.score !== then.score;
  }).current;
  const blocker = useLeaveGuard(dirty);
  const review = draft.type === 'Review';
  const submit = (publish: boolean) => {
    setProblem(null);
    const sent = { ...current.current };
    save.mutate({ title: draft.is_long ? title : '', content, ...(review ? { score } : {}), publish }, {
      onSuccess: (answer) => {
        saved.current = sent;
        if (answer.post) {
          toast.success(t('community.send_success'));
          void navigate(communityPaths.post(answer.post.id), { replace: true });
        } else toast.success(t('community.save_success'));
      },
      onError: (e) => {
        if (!refusal.handle(e)) setProblem(errorToText(t, e));
      },
    });
  };
  return (
    <form className="space-y-5" onSubmit={(e) => { e.preventDefault(); submit(true); }} data-testid="post-editor">
      <p className="text-sm text-muted">
        <Link to={communityPaths.group(draft.group_id)} className="hover:text-accent-strong">{pickText(draft.group.name, language)}</Link>
      </p>
      {review ? <StarPicker value={score} onChange={setScore} /> : null}
      {draft.is_long ? (
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-fg">{t('community.post_title')}</span>
          <input value={title} maxLength={POST_LIMITS.titleMax} onChange={(e) => setTitle(e.target.value)} data-testid="post-title"
            className="h-11 w-full rounded-lg bg-ink-900 px-3 text-fg ring-1 ring-ink-700 focus:outline-none focus:ring-accent/60" />
        </label>
      ) : null}
      <div>
        <span className="mb-1 block text-sm font-medium text-fg" id="content-label">{t(review ? 'community.review_body' : 'community.post_body')}</span>
        <Suspense fallback={<div className="grid min-h-56 place-items-center rounded-[var(--radius-card)] ring-1 ring-ink-700"><Spinner label={t('ui.loading')} /></div>}>
          <RichTextEditor initialHtml={draft.content} onChange={setContent} label={t(review ? 'community.review_body' : 'community.post_body')} purpose={review ? 'review' : 'post'} />
        </Suspense>
        <p className="mt-1 text-xs text-subtle">{t('community.editor_hint')} {t('uploads.hint')}</p>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending} data-testid="post-publish">{t('community.publish')}</Button>
        <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => submit(false)} data-testid="post-save-draft">{t('community.save_draft')}</Button>
      </div>
      {refusal.dialogs}
      <ResponsibilityDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        variant="decide"
        onContinue={() => blocker.reset?.()}
        onGiveUp={() => blocker.proceed?.()}
      />
    </form>
  );
}

/**
 * Before a member's first review, the responsibility declaration (docs/product/screens.md#responsibility-dialog):
 * "I have got it" records it on the account and is never asked again; "unbound temporarily" (no Steam account
 * is bound) lets them write this once without recording it; closing it without an answer goes back.
 */
function ResponsibilityGate({ groupId, children }: { groupId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const acknowledge = useAcknowledgeResponsibility();
  const [passed, setPassed] = useState(false);
  const asking = !passed && me.data != null && needsResponsibilityDeclaration({ type: 'Review', editing: false }, me.data.configs);
  if (!asking) return <>{children}</>;
  return (
    <ResponsibilityDialog
      open
      steamBound={me.data?.platforms.some((p) => p.kind === 'steam') ?? false}
      onOpenChange={(open) => !open && void navigate(communityPaths.group(groupId), { replace: true })}
      onGotIt={() => {
        setPassed(true);
        acknowledge.mutate(undefined, { onError: (e) => toast.fail(errorToText(t, e)) });
      }}
      onUnboundTemporarily={() => setPassed(true)}
    />
  );
}

/** The editor of a post or review (a draft that saves and publishes); /community/groups/{id}/write and /posts/{id}/edit. */
export function EditorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const editing = window.location.pathname.endsWith('/edit');
  const type = search.get('type') === 'Review' ? 'Review' : 'Post';
  const source = editing ? { editId: Number(params.id) } : { groupId: Number(params.id), type, isLong: type === 'Post' && search.get('long') === '1' } as const;
  const draft = useDraft(source);
  const [muted, setMuted] = useState(false);
  useDocumentTitle(t(type === 'Review' ? 'community.write_review' : 'community.write_post'));
  useEffect(() => {
    if (draft.isError && isMuted(draft.error)) setMuted(true);
  }, [draft.isError, draft.error]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-black tracking-tight text-fg">{t(editing ? 'community.edit' : type === 'Review' ? 'community.write_review' : 'community.write_post')}</h1>
      {draft.isPending ? <LoadingBlock /> : draft.isError ? (
        isTaken(draft.error) ? (
          <EmptyState title={t('community.review_taken')} body={t('community.review_taken_body')}
            action={<Link to={communityPaths.group(Number(params.id), 'reviews')} className={buttonClass('secondary')}>{t('community.see_reviews')}</Link>} />
        ) : isMuted(draft.error) ? (
          <EmptyState title={t('errors.user_muted')} body={t('errors.contact_personnel')} />
        ) : (
          <LoadFailed error={draft.error} onRetry={() => draft.refetch()} />
        )
      ) : !editing && type === 'Review' ? (
        <ResponsibilityGate groupId={draft.data.draft.group_id}>
          <Form draft={draft.data.draft} />
        </ResponsibilityGate>
      ) : (
        <Form draft={draft.data.draft} />
      )}
      <MuteDialog open={muted} onOpenChange={setMuted} />
    </div>
  );
}
