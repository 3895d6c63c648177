import type { SessionResponse } from '@lantern/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LINKED_ACCOUNTS_API } from '@lantern/contract';
import { SIGN_IN_REDIRECT_MS } from '../../../lib/constants';
import { reasonText } from '../../../lib/errors';
import { buttonClass } from '../../../ui/Button';
import { FormAlert } from '../../../ui/TextField';
import { useMe } from '../../../lib/session';
import { AuthCard, safeReturnAddr } from './AuthCard';
import { SignInForm, SignInSuccess } from './SignInForm';

/** /sign_in?return_addr=/path — the same form as the popup; goes to return_addr 1 s after success. */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnAddr = safeReturnAddr(params.get('return_addr'));
  const { data: me } = useMe();
  const [session, setSession] = useState<SessionResponse | null>(null);
  const signedInHere = useRef(false);

  useEffect(() => {
    if (session) {
      const id = setTimeout(() => navigate(returnAddr, { replace: true }), SIGN_IN_REDIRECT_MS);
      return () => clearTimeout(id);
    }
    if (me && !signedInHere.current) navigate(returnAddr, { replace: true });
  }, [session, me, navigate, returnAddr]);

  return (
    <AuthCard title={t('auth.sign_in_title')} subtitle={t('auth.sign_in_subtitle')}>
      {session ? <SignInSuccess nickname={session.account.nickname} /> : <SignInForm
          onSignedIn={(s) => {
            signedInHere.current = true;
            setSession(s);
          }}
        />}
      {session ? null : <SteamSignIn returnAddr={returnAddr} error={params.get('link_error')} />}
    </AuthCard>
  );
}

/**
 * "Sign in with Steam" (docs/product/linked-accounts.md#steam-sign-in): a plain link to the server, which sends the
 * browser to Steam and back with a session, for a Steam account already linked here. A refusal comes back as
 * `link_error` (`steam:unbound`: link Steam from the settings after signing in another way).
 */
function SteamSignIn({ returnAddr, error }: { returnAddr: string; error: string | null }) {
  const { t } = useTranslation();
  const [field = 'base', reason = 'invalid'] = (error ?? '').split(':');
  const href = `${LINKED_ACCOUNTS_API.steamSignInNew}?${new URLSearchParams({ redirect: '1', return_to: returnAddr }).toString()}`;
  return (
    <div className="mt-5 space-y-3 border-t border-ink-800 pt-5">
      {error ? <FormAlert>{t(`linked_accounts.error.${field}_${reason}`, { defaultValue: reasonText(t, field, reason) })}</FormAlert> : null}
      <a href={href} className={buttonClass('secondary', 'lg', true)} data-testid="steam-sign-in">{t('linked_accounts.sign_in_with_steam')}</a>
    </div>
  );
}
