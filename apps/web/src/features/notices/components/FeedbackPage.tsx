import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FeedbackForm, UploadResult } from '@lantern/contract';
import { feedbackContentProblem, type FeedbackKind } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { reasonText } from '../../../lib/errors';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ImageUploadButton } from '../../../ui/ImageUploadButton';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/TextField';
import { useFeedbackForm, useSendFeedback } from '../api/feedback';
import { NoticesNav } from './NoticeBits';
import { PageTitle } from '../../../ui/PageTitle';

type Values = { kind: FeedbackKind; content: string; contact: string };
const FIELDS = ['kind', 'content', 'contact'] as const;

/** The form itself, once its limits are known. */
function FeedbackFormBody({ form: limits, onSent }: { form: FeedbackForm; onSent: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [images, setImages] = useState<UploadResult[]>([]);
  const [general, setGeneral] = useState<string[]>([]);
  const send = useSendFeedback();
  const { register, handleSubmit, watch, formState, setError } = useForm<Values>({ defaultValues: { kind: 'bug', content: '', contact: '' } });
  /** A reason code as text: the form's own wording first, else the shared one. */
  const say = (field: string, reason: string, meta: Record<string, unknown> = {}) =>
    t(`feedback.error.${field}_${reason}`, { defaultValue: reasonText(t, field, reason, meta), min: limits.content_min, max: limits.content_max });
  const length = [...watch('content').trim()].length;

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await send.mutateAsync({ kind: v.kind, content: v.content, contact: v.contact.trim() || undefined, images: images.map((i) => i.url), page_url: params.get('from') ?? undefined });
      onSent();
    } catch (error) {
      if (!isApiError(error)) return setGeneral([t('errors.network')]);
      const rest: string[] = [];
      for (const [field, reasons] of Object.entries(error.errors)) {
        const reason = reasons[0];
        if (!reason) continue;
        if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { type: 'server', message: say(field, reason) });
        else rest.push(say(field, reason, error.meta));
      }
      setGeneral(rest.length ? rest : [t('errors.server_error')]);
    }
  });

  if (limits.remaining_today === 0) {
    return <EmptyState title={t('feedback.limit_title')} body={t('feedback.limit_body')} />;
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-2xl bg-ink-900 p-4 ring-1 ring-ink-700 sm:p-6" data-testid="feedback-form">
      <SelectField label={t('feedback.kind_label')} {...register('kind')} data-testid="feedback-kind">
        {limits.kinds.map((k) => (
          <option key={k} value={k}>{t(`feedback.kind.${k}`)}</option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('feedback.content_label')}
        placeholder={t('feedback.content_placeholder')}
        rows={6}
        maxLength={limits.content_max}
        error={formState.errors.content?.message}
        labelAside={<span className="text-xs tabular-nums text-subtle">{length}/{limits.content_max}</span>}
        data-testid="feedback-content"
        {...register('content', { validate: (value) => { const problem = feedbackContentProblem(value); return problem ? say('content', problem) : true; } })}
      />
      <div className="space-y-2">
        <p className="text-sm font-medium text-fg">{t('feedback.images_label', { max: limits.max_images })}</p>
        {images.length > 0 ? (
          <ul className="flex flex-wrap gap-3">
            {images.map((image) => (
              <li key={image.id} className="relative">
                <img src={image.sizes.find((s) => s.name === 'thumb')?.url ?? image.url} alt={t('feedback.image_alt')} className="size-20 rounded-lg object-cover ring-1 ring-ink-700" />
                <button
                  type="button"
                  onClick={() => setImages((list) => list.filter((i) => i.id !== image.id))}
                  className="absolute -right-2 -top-2 grid size-6 place-items-center rounded-full bg-ink-700 text-xs text-fg ring-1 ring-ink-600 hover:bg-red-500"
                  aria-label={t('feedback.remove_image')}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {images.length < limits.max_images ? (
          <ImageUploadButton purpose="feedback" onUploaded={(result) => setImages((list) => [...list, result].slice(0, limits.max_images))} />
        ) : null}
      </div>
      <TextField
        label={t('feedback.contact_label')}
        hint={t('feedback.contact_hint')}
        maxLength={limits.contact_max}
        autoComplete="email"
        error={formState.errors.contact?.message}
        {...register('contact')}
      />
      {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-subtle">{t('feedback.remaining', { count: limits.remaining_today })}</p>
        <Button type="submit" size="lg" loading={formState.isSubmitting} data-testid="feedback-submit">
          {t('feedback.submit')}
        </Button>
      </div>
    </form>
  );
}

/** /feedback: tell the store what went wrong or what to add, with screenshots (docs/product/notices.md#feedback). Members only. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const form = useFeedbackForm();
  const [sent, setSent] = useState(false);
  useDocumentTitle(t('feedback.title'));
  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="feedback-page">
      <NoticesNav current="feedback" />
      <PageTitle title={t('feedback.title')} intro={t('feedback.intro')} />
      <div className="mt-6">
        {sent ? (
          <div role="status" data-testid="feedback-sent">
            <EmptyState
              title={t('feedback.sent_title')}
              body={t('feedback.sent_body')}
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Button variant="secondary" onClick={() => setSent(false)}>{t('feedback.send_another')}</Button>
                  <Link to={paths.notices} className="inline-flex h-10 items-center rounded-xl px-4 text-sm font-semibold text-accent hover:underline">{t('feedback.read_notices')}</Link>
                </div>
              }
            />
          </div>
        ) : form.isPending ? (
          <LoadingBlock />
        ) : form.isError ? (
          <LoadFailed error={form.error} onRetry={form.refetch} />
        ) : (
          <FeedbackFormBody form={form.data} onSent={() => setSent(true)} />
        )}
      </div>
    </div>
  );
}
