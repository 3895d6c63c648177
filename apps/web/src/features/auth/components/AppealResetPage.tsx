import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { AuthCard } from './AuthCard';
import { resetContactByToken, resetPasswordByToken } from '../api/appeals';

type Kind = 'password' | 'email' | 'phone';
type Values = { password: string; password_confirmation: string; target: string; code: string };

/**
 * /appeals/reset?token= (docs/product/engagement.md#appeal-reset): the e-mailed link of an accepted appeal sets a
 * new password, or a new e-mail or phone with the code sent to it. The link works once, for 15 minutes; an
 * expired one says so and goes home.
 */
export function AppealResetPage() {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [kind, setKind] = useState<Kind>('password');
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({ defaultValues: { password: '', password_confirmation: '', target: '', code: '' } });
  const { handleSubmit, formState, setError, reset } = form;

  const expired = () => {
    toast.fail(t('appeals.link_expired'));
    navigate(paths.home, { replace: true });
  };

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      if (kind === 'password') await resetPasswordByToken(token, { password: v.password, password_confirmation: v.password_confirmation });
      else await resetContactByToken(token, { ...(kind === 'email' ? { email: v.target.trim() } : { phone_number: v.target.trim() }), code: v.code.trim() });
      toast.success(t(`appeals.reset_done_${kind}`));
      // A phone reset returns home (docs/product/engagement.md#appeals); the others go on to sign in with what was just set.
      navigate(kind === 'phone' ? paths.home : paths.signIn, { replace: true });
    } catch (err) {
      if (isApiError(err) && err.errors.token) return expired();
      setGeneral(applyServerErrors(t, err, setError, ['password', 'password_confirmation', 'target', 'code'], { email: 'target', phone_number: 'target' }));
    }
  });

  if (!token) {
    return (
      <AuthCard title={t('appeals.reset_title')}>
        <FormAlert>{t('appeals.link_expired')}</FormAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('appeals.reset_title')} subtitle={t('appeals.reset_subtitle')}>
      <Tabs
        value={kind}
        onValueChange={(value) => {
          setKind(value as Kind);
          reset();
          setGeneral([]);
        }}
      >
        <TabsList aria-label={t('appeals.reset_what')}>
          <TabsTrigger value="password">{t('appeals.reset_password')}</TabsTrigger>
          <TabsTrigger value="email">{t('appeals.reset_email')}</TabsTrigger>
          <TabsTrigger value="phone">{t('appeals.reset_phone')}</TabsTrigger>
        </TabsList>
        <TabsContent value={kind}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            {kind === 'password' ? (
              <>
                <NewPasswordFields form={form} />
              </>
            ) : (
              <ContactCodeFields
                key={kind}
                form={form}
                contact="target"
                kind={kind}
                purpose="bind"
                contactLabel={t(kind === 'email' ? 'fields.new_email' : 'fields.new_phone_number')}
                contactInputProps={kind === 'phone' ? { placeholder: t(site.area === 'native' ? 'auth.phone_placeholder_native' : 'auth.phone_placeholder_abroad') } : undefined}
                onSent={() => setGeneral([])}
                onSendErrors={setGeneral}
              />
            )}
            {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
            <p className="text-xs text-muted">{t('appeals.reset_effects')}</p>
            <Button type="submit" size="lg" block loading={formState.isSubmitting}>
              {t('appeals.reset_submit')}
            </Button>
          </form>
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
