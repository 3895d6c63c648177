import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealImage, AppealView } from '@lantern/contract';
import { APPEAL_DESCRIPTION_MAX } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { emailReason } from '../../../lib/rules';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { FormCaptchaField, useCaptcha } from '../../../ui/Captcha';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { LinkTabs } from '../../../ui/LinkTabs';
import { FormAlert, TextAreaField, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { AuthCard } from './AuthCard';
import { AuthFormEnd } from './AuthFormEnd';
import { AppealAttachments, type Attachment } from './AppealAttachments';
import { fetchAppealForm, fetchAppeals, fetchAppealsByCode, fileAppeal, requestResetLink, trackingToken } from '../api/appeals';

/**
 * /appeals (docs/product/engagement.md#appeals), reached from the sign-in page's "Can't sign in?": the form,
 * the contact's list (`?view=list`) and one appeal (`?id=`). An e-mailed `?tracking=` link is kept for this tab
 * and taken out of the address.
 */
export function AppealPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tracking = params.get('tracking');
  useEffect(() => {
    if (tracking) {
      trackingToken.set(tracking);
      navigate(paths.appealList, { replace: true });
    }
  }, [tracking, navigate]);
  const id = Number(params.get('id'));
  const view = params.get('id') && Number.isSafeInteger(id) && id > 0 ? 'detail' : params.get('view') === 'list' || tracking ? 'list' : 'form';

  return (
    <AuthCard title={t('appeals.title')} subtitle={t('appeals.subtitle')} wide>
      <LinkTabs
        label={t('appeals.views')}
        active={view === 'form' ? 'form' : 'list'}
        tabs={[
          { key: 'form', to: paths.appeals, label: t('appeals.tab_form') },
          { key: 'list', to: paths.appealList, label: t('appeals.tab_list') },
        ]}
      />
      <div className="mt-5">
        {view === 'form' ? <AppealForm /> : view === 'list' ? <AppealList /> : <AppealDetail id={id} />}
      </div>
    </AuthCard>
  );
}

type FormValues = {
  connect_email: string;
  number: string;
  email: string;
  phone_number: string;
  city: string;
  password: string;
  game: string;
  description: string;
  captcha: string;
};

const FIELDS = ['connect_email', 'number', 'email', 'phone_number', 'city', 'password', 'game', 'description', 'captcha'];

function AppealForm() {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const client = useQueryClient();
  const formQuery = useQuery({ queryKey: queryKeys.appeals.form, queryFn: fetchAppealForm, staleTime: 30 * 60_000 });
  const captcha = useCaptcha(true);
  const [general, setGeneral] = useState<string[]>([]);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [attachmentError, setAttachmentError] = useState<string | null>(null);
  // Pictures belong to the form they were uploaded with: a renewed form (after a refused signature) starts empty.
  const signature = formQuery.data?.signature;
  const [attachedTo, setAttachedTo] = useState(signature);
  if (signature !== attachedTo) {
    setAttachedTo(signature);
    if (attachments.length > 0) {
      setAttachments([]);
      setAttachmentError(t('appeals.attachments_reset'));
    }
  }
  const form = useForm<FormValues>({ defaultValues: { connect_email: '', number: '', email: '', phone_number: '', city: '', password: '', game: '', description: '', captcha: '' } });
  const { register, handleSubmit, formState, setError, clearErrors, setValue } = form;
  const e = formState.errors;

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    setAttachmentError(null);
    if (!formQuery.data) return;
    try {
      const filed = await fileAppeal({
        signature: formQuery.data.signature,
        captcha_id: captcha.id ?? undefined,
        captcha: v.captcha.trim(),
        message: { number: v.number.trim() },
        connect_email: v.connect_email.trim(),
        ...(v.email.trim() && { email: v.email.trim() }),
        ...(v.phone_number.trim() && { phone_number: v.phone_number.trim() }),
        city: v.city.trim(),
        password: v.password,
        game: v.game.trim(),
        attachments: attachments.map((a) => a.url),
        description: v.description.trim(),
      });
      trackingToken.set(filed.tracking_token);
      toast.success(t('appeals.filed'));
      navigate(paths.appeal(filed.appeal.id));
    } catch (err) {
      // A captcha answers once; a signature files once: both are fetched again after a refusal.
      captcha.refresh();
      setValue('captcha', '');
      if (isApiError(err) && err.errors.signature) {
        await client.invalidateQueries({ queryKey: queryKeys.appeals.form });
        setGeneral([t(err.errors.signature[0] === 'expired' ? 'appeals.signature_expired' : 'appeals.signature_invalid')]);
        return;
      }
      if (isApiError(err) && err.errors.region) {
        setGeneral([t('appeals.region_mismatch')]);
        return;
      }
      if (isApiError(err) && err.errors.attachments) {
        setAttachmentError(err.errors.attachments[0] === 'over_limit'
          ? t('appeals.attachments_over_limit', { count: formQuery.data.max_attachments })
          : t('appeals.attachments_invalid'));
      }
      if (isApiError(err) && err.errors.account) {
        setGeneral([t('appeals.account_not_found')]);
        return;
      }
      // `attachments` is shown under the pictures (above), not again in the form's general alert.
      setGeneral(applyServerErrors(t, err, setError, [...FIELDS, 'attachments'], { message: 'number' }));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('appeals.form_intro')}</p>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('appeals.contact_legend')}</legend>
        <ContactCodeFields
          form={form}
          contact="connect_email"
          code="number"
          kind="email"
          purpose="appeal"
          contactLabel={t('fields.connect_email')}
          onSent={() => setGeneral([])}
          onSendErrors={setGeneral}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold text-fg">{t('appeals.account_legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('appeals.known_email')}
            type="email"
            autoComplete="off"
            error={fieldErrorText(t, 'email', e.email)}
            {...register('email', { validate: (v) => (v.trim() ? (emailReason(v) ?? true) : true), onChange: () => clearErrors(['email', 'phone_number']) })}
          />
          <TextField
            label={t('appeals.known_phone')}
            type="tel"
            autoComplete="off"
            error={fieldErrorText(t, 'phone_number', e.phone_number)}
            {...register('phone_number', {
              validate: (v, all) => (v.trim() || all.email.trim() ? true : 'blank'),
              onChange: () => clearErrors(['email', 'phone_number']),
            })}
          />
          <TextField label={t('appeals.old_password')} type="password" autoComplete="off" error={fieldErrorText(t, 'password', e.password)} {...register('password')} />
          <TextField label={t('appeals.game')} autoComplete="off" maxLength={100} error={fieldErrorText(t, 'game', e.game)} {...register('game')} />
          <TextField label={t('fields.city')} autoComplete="address-level2" maxLength={100} error={fieldErrorText(t, 'city', e.city)} {...register('city')} />
        </div>
        <TextAreaField
          label={t('appeals.description')}
          maxLength={APPEAL_DESCRIPTION_MAX}
          required
          hint={t('appeals.description_hint')}
          error={fieldErrorText(t, 'description', e.description)}
          {...register('description', { validate: (v) => (v.trim() ? true : 'blank'), onChange: () => clearErrors('description') })}
        />
        <AppealAttachments
          signature={signature}
          value={attachments}
          onChange={(next) => {
            setAttachments(next);
            setAttachmentError(null);
          }}
          error={attachmentError}
        />
        <p className="text-xs text-muted">{t('appeals.site_note', { site: t(site.area === 'native' ? 'appeals.site_native' : 'appeals.site_abroad') })}</p>
      </fieldset>
      <FormCaptchaField form={form} captcha={captcha} />
      <AuthFormEnd general={general} submitting={formState.isSubmitting} submitLabel={t('appeals.submit')} disabled={!formQuery.data} />
    </form>
  );
}

const STATE_TONE: Record<AppealView['state'], string> = {
  filed: 'bg-ink-700 text-fg',
  holding: 'bg-amber-500/15 text-amber-200',
  resettable: 'bg-accent/15 text-accent',
  completed: 'bg-emerald-500/15 text-emerald-200',
  rejected: 'bg-red-500/15 text-red-200',
  denied: 'bg-red-500/15 text-red-200',
};

function StateBadge({ state }: { state: AppealView['state'] }) {
  const { t } = useTranslation();
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONE[state]}`}>{t(`appeals.state_${state}`)}</span>;
}

/** Without a tracking token: the contact proves the e-mail with a code and gets one. */
function FindAppeals({ onFound }: { onFound: () => void }) {
  const { t } = useTranslation();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<{ connect_email: string; number: string }>({ defaultValues: { connect_email: '', number: '' } });
  const submit = form.handleSubmit(async (v) => {
    setGeneral([]);
    try {
      const found = await fetchAppealsByCode(v.connect_email.trim(), v.number.trim());
      if (found.tracking_token) trackingToken.set(found.tracking_token);
      onFound();
    } catch (err) {
      setGeneral(applyServerErrors(t, err, form.setError, ['connect_email', 'number'], { message: 'number' }));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('appeals.find_intro')}</p>
      <ContactCodeFields form={form} contact="connect_email" code="number" kind="email" purpose="appeal" contactLabel={t('fields.connect_email')} onSent={() => setGeneral([])} onSendErrors={setGeneral} />
      {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
      <Button type="submit" block loading={form.formState.isSubmitting}>
        {t('appeals.find_submit')}
      </Button>
    </form>
  );
}

function AppealList() {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(0);
  const hasToken = trackingToken.get() !== null;
  const list = useQuery({ queryKey: queryKeys.appeals.list(version), queryFn: () => fetchAppeals(), enabled: hasToken, retry: false });
  if (!hasToken || (list.error && isApiError(list.error) && list.error.status === 401)) return <FindAppeals onFound={() => setVersion((n) => n + 1)} />;
  if (list.isPending) return <p className="text-sm text-muted">{t('ui.loading')}</p>;
  if (list.error) return <FormAlert>{t('errors.server_error')}</FormAlert>;
  if (list.data.appeals.length === 0) return <p className="text-sm text-muted">{t('appeals.none')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {list.data.appeals.map((a) => (
        <li key={a.id}>
          <Link to={paths.appeal(a.id)} className="flex items-center justify-between gap-3 rounded-xl bg-ink-800 p-4 ring-1 ring-ink-700 hover:ring-accent">
            <span className="min-w-0">
              <span className="block font-semibold text-fg">{t('appeals.number', { id: a.id })}</span>
              <span className="block truncate text-sm text-muted">{a.description}</span>
              <span className="block text-xs text-muted">{formatDateTime(a.created_at_timestamp, i18n.language)}</span>
            </span>
            <StateBadge state={a.state} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The appeal's attached pictures (docs/product/engagement.md#appeal-tracking): thumbnails, each opening its full
 * size in a new tab (the contact's own evidence; nothing to page through).
 */
export function AppealPictures({ images }: { images: AppealImage[] }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="appeal-pictures">
      <h3 id="appeal-pictures" className="mb-2 text-sm text-muted">{t('appeals.attachments_shown')}</h3>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="appeal-pictures">
        {images.map((image, i) => (
          <li key={image.url}>
            <a href={image.full_url} target="_blank" rel="noopener noreferrer" aria-label={t('appeals.attachment_open', { n: i + 1 })}
              className="block overflow-hidden rounded-lg ring-1 ring-ink-700 hover:ring-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent" data-testid="appeal-picture">
              <img src={image.thumb_url} alt={t('appeals.attachment_alt', { n: i + 1 })} className="aspect-square w-full object-cover" loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppealDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({ queryKey: queryKeys.appeals.detail(id), queryFn: () => fetchAppeals(id), enabled: trackingToken.get() !== null, retry: false });
  const [sending, setSending] = useState(false);
  if (trackingToken.get() === null || (detail.error && isApiError(detail.error) && detail.error.status === 401)) {
    return <FindAppeals onFound={() => void detail.refetch()} />;
  }
  if (detail.isPending) return <p className="text-sm text-muted">{t('ui.loading')}</p>;
  const a = detail.data?.appeal;
  if (!a) return <FormAlert>{t('errors.not_found')}</FormAlert>;
  const when = (ts: number | null) => (ts === null ? null : formatDateTime(ts, i18n.language));
  const relink = async () => {
    setSending(true);
    try {
      await requestResetLink(a.id);
      toast.success(t('appeals.link_sent'));
    } catch {
      toast.fail(t('appeals.link_failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <article className="flex flex-col gap-4" aria-labelledby="appeal-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="appeal-title" className="text-lg font-semibold text-fg">{t('appeals.number', { id: a.id })}</h2>
        <StateBadge state={a.state} />
      </div>
      <p className="rounded-lg bg-ink-800 p-3 text-sm text-fg ring-1 ring-ink-700">{t(`appeals.explain_${a.state}`, { date: when(a.hold_ends_at_timestamp) ?? '' })}</p>
      {a.reject_reason ? <FormAlert>{t('appeals.reject_reason', { reason: a.reject_reason })}</FormAlert> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t('fields.connect_email')}</dt>
        <dd className="break-all text-fg">{a.connect_email}</dd>
        <dt className="text-muted">{t('appeals.filed_at')}</dt>
        <dd className="text-fg">{when(a.created_at_timestamp)}</dd>
        {a.accepted_at_timestamp ? (
          <>
            <dt className="text-muted">{t('appeals.accepted_at')}</dt>
            <dd className="text-fg">{when(a.accepted_at_timestamp)}</dd>
          </>
        ) : null}
        {a.city ? (
          <>
            <dt className="text-muted">{t('fields.city')}</dt>
            <dd className="text-fg">{a.city}</dd>
          </>
        ) : null}
        {a.game ? (
          <>
            <dt className="text-muted">{t('appeals.game')}</dt>
            <dd className="text-fg">{a.game}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('appeals.description')}</dt>
        <dd className="whitespace-pre-wrap break-words text-fg">{a.description}</dd>
      </dl>
      <AppealPictures images={a.attachment_images ?? []} />
      {a.state === 'resettable' ? (
        <Button variant="secondary" loading={sending} onClick={relink}>
          {t('appeals.send_link')}
        </Button>
      ) : null}
      <Link to={paths.appealList} className="text-sm text-accent hover:underline">
        {t('appeals.back_to_list')}
      </Link>
    </article>
  );
}
