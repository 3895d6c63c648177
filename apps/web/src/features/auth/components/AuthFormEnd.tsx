import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/TextField';

/**
 * The end of a form that gets someone back into an account (reset, unlock, appeal): the reasons that belong to no
 * field, the one large submit button, and the way back to signing in.
 */
export function AuthFormEnd({ general, submitting, submitLabel, disabled }: { general: string[]; submitting: boolean; submitLabel: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
      <Button type="submit" size="lg" block loading={submitting} disabled={disabled}>
        {submitLabel}
      </Button>
      <p className="text-center text-sm text-muted">
        <Link to={paths.signIn} className="text-accent hover:underline">
          {t('auth.back_to_sign_in')}
        </Link>
      </p>
    </>
  );
}
