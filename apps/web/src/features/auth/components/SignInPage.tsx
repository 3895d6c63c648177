import type { SessionResponse } from '@lantern/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SIGN_IN_REDIRECT_MS } from '../../../lib/constants';
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
    </AuthCard>
  );
}
