import type { Me, UpdateMeRequest } from '@lantern/contract';
import { watermarkOffered } from '@lantern/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { isApiError } from '../../../lib/api';
import { localizeErrors } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { useUpdateMe } from '../api/updateMe';
import { NicknameCounter, nicknameRule } from './AccountPopups';
import { SettingsShell } from './SettingsShell';

type Values = { nickname: string; gender: Me['gender']; birthday: string; introduction: string };
const INTRO_MAX = 500;

export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [general, setGeneral] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError, clearErrors, watch, reset } = useForm<Values>({
    defaultValues: { nickname: me.nickname, gender: me.gender, birthday: me.birthday ?? '', introduction: me.introduction },
  });
  const e = formState.errors;
  const today = new Date().toISOString().slice(0, 10);
  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      const res = await update.mutateAsync({ nickname: v.nickname.trim(), gender: v.gender, birthday: v.birthday || null, introduction: v.introduction });
      if (res && typeof res === 'object' && 'security_info' in res) {
        reset({ nickname: res.nickname, gender: res.gender, birthday: res.birthday ?? '', introduction: res.introduction });
      }
      toast.success(t('ui.save_success'));
    } catch (err) {
      // A watched word (censor_words: banned) is shown on the text that changed, or for the form when both did.
      const nicknameChanged = v.nickname.trim() !== me.nickname;
      const introductionChanged = v.introduction.trim() !== me.introduction;
      if (isApiError(err) && err.has('censor_words', 'banned') && nicknameChanged && introductionChanged) setGeneral([t('errors.profile_banned')]);
      else setGeneral(applyServerErrors(t, err, setError, ['nickname', 'gender', 'birthday', 'introduction'], { censor_words: nicknameChanged ? 'nickname' : 'introduction' }));
    }
  });
  const intro = watch('introduction');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="profile-form">
      <TextField
        label={t('fields.nickname')}
        required
        hint={t('profile.nickname_hint')}
        labelAside={<NicknameCounter value={watch('nickname')} />}
        error={fieldErrorText(t, 'nickname', e.nickname)}
        {...register('nickname', { validate: nicknameRule, onChange: () => clearErrors('nickname') })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label={t('fields.gender')} error={fieldErrorText(t, 'gender', e.gender)} {...register('gender')}>
          <option value="secret">{t('profile.gender_secret')}</option>
          <option value="male">{t('profile.gender_male')}</option>
          <option value="female">{t('profile.gender_female')}</option>
        </SelectField>
        <TextField label={t('fields.birthday')} type="date" max={today} error={fieldErrorText(t, 'birthday', e.birthday)} {...register('birthday', { onChange: () => clearErrors('birthday') })} />
      </div>
      <TextAreaField
        label={t('fields.introduction')}
        rows={4}
        maxLength={INTRO_MAX}
        placeholder={t('profile.introduction_placeholder')}
        labelAside={<span className="text-xs text-subtle">{intro.length}/{INTRO_MAX}</span>}
        error={fieldErrorText(t, 'introduction', e.introduction)}
        {...register('introduction', { onChange: () => clearErrors('introduction') })}
      />
      {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
          {t('ui.save')}
        </Button>
      </div>
    </form>
  );
}

/** A setting of basic info saved as soon as it is switched (PATCH /api/me), with a toast either way. */
function SettingSwitch({ id, label, hint, on, change, testId }: { id: string; label: string; hint: string; on: boolean; change: UpdateMeRequest['account']; testId: string }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const toggle = async () => {
    try {
      await update.mutateAsync(change);
      toast.success(t('ui.save_success'));
    } catch (err) {
      toast.fail(localizeErrors(t, err).general.join(' ') || t('errors.unknown', { reason: '' }));
    }
  };
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium text-fg">{label}</p>
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={update.isPending}
        onClick={() => void toggle()}
        data-testid={testId}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${on ? 'bg-accent' : 'bg-ink-600'}`}
      >
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
    </div>
  );
}

/**
 * The watermark on uploaded images (docs/product/engagement.md#uploads): the account's `water_mark` config,
 * saved as soon as it is switched. Shown to accounts of the region cn (on either site), the only ones it is drawn for.
 */
export function WatermarkSwitch({ me }: { me: Me }) {
  const { t } = useTranslation();
  const on = me.configs.some((c) => c.key === 'water_mark' && c.value === 'open');
  return <SettingSwitch id="water-mark" label={t('uploads.water_mark')} hint={t('uploads.water_mark_hint')} on={on} change={{ water_mark: !on }} testId="water-mark-switch" />;
}

/** Whether others see the account's Steam reviews on its personal page (docs/product/personal-pages.md#steam-reviews). */
export function SteamReviewSwitch({ me }: { me: Me }) {
  const { t } = useTranslation();
  const on = me.show_steam_review;
  return <SettingSwitch id="show-steam-review" label={t('steam_stats.show_reviews')} hint={t('steam_stats.show_reviews_hint')} on={on} change={{ show_steam_review: !on }} testId="show-steam-review-switch" />;
}

/** /setting/profile: nickname (weighted length ≤ 20, live counter), gender, birthday, introduction; switches for Steam reviews and the watermark. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <SettingsShell
      title={t('profile.title')}
      subtitle={t('profile.subtitle')}
      aside={
        <Link to={paths.user(me.id)} className="text-sm font-medium text-accent hover:underline">
          {t('profile.view_public')}
        </Link>
      }
    >
      <Card className="p-5 sm:p-6">
        <ProfileForm me={me} />
      </Card>
      <Card className="mt-4 space-y-5 p-5 sm:p-6">
        <SteamReviewSwitch me={me} />
        {watermarkOffered(me.region) ? <WatermarkSwitch me={me} /> : null}
      </Card>
    </SettingsShell>
  );
}
