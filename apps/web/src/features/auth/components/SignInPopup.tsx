import type { SessionResponse } from '@lantern/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSameOriginPath } from '@lantern/domain';
import { SIGN_IN_REDIRECT_MS } from '../../../lib/constants';
import { closeSignIn, useSignInState } from '../../../lib/signInStore';
import { Modal } from '../../../ui/Modal';
import { SignInForm, SignInSuccess } from './SignInForm';

/** The global sign-in popup (docs/product/screens.md#sign-in-popup): opened by any 401 and by the header; reset on every opening. */
export function SignInPopup() {
  const { open, returnTo } = useSignInState();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [session, setSession] = useState<SessionResponse | null>(null);
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (open) {
      setSession(null);
      setGeneration((g) => g + 1);
    }
    return () => clearTimeout(timer.current);
  }, [open]);

  const onSignedIn = (s: SessionResponse) => {
    setSession(s);
    timer.current = setTimeout(() => {
      closeSignIn();
      if (isSameOriginPath(returnTo)) navigate(returnTo);
    }, SIGN_IN_REDIRECT_MS);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) closeSignIn();
      }}
      title={session ? t('auth.signed_in') : t('auth.sign_in_title')}
      description={session ? undefined : t('auth.sign_in_subtitle')}
      className="sm:max-w-md"
    >
      <div data-testid="sign-in-popup">
        {session ? <SignInSuccess nickname={session.account.nickname} /> : <SignInForm key={generation} onSignedIn={onSignedIn} onNavigate={closeSignIn} />}
      </div>
    </Modal>
  );
}
