import { useQuery } from '@tanstack/react-query';
import type { Me } from '@lantern/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { guideClosePopup } from '@lantern/domain';
import { clearGuidePrompt, useGuideState } from '../../../lib/guideStore';
import { meCheckQuery, useSignOut } from '../../../lib/session';
import { useSignInState } from '../../../lib/signInStore';
import { BasicInfoPopup, CompleteAccountPopup, SafrvNotice } from './AccountPopups';

/** Per account, in local storage: "later" holds for that account in every tab and visit, not only this tab. */
const dismissKey = (id: number) => `lantern.prompts.dismissed.${id}`;

function dismissedFor(id: number) {
  try {
    return window.localStorage.getItem(dismissKey(id)) === '1';
  } catch {
    return false;
  }
}

/**
 * After sign-in (docs/product/screens.md#account-prompts): GET /api/me/check says what to prompt. A `strong` safrv (under the minimum age)
 * gets a notice and is signed out; otherwise the identification popup when `need_identification`, or the
 * basic-info popup when `need_basic_info`. A dismissed prompt stays away for that account in this browser, in
 * every tab (docs/product/accounts.md#account-completion).
 */
export function AccountPrompts({ me, guideOpen = false }: { me: Me; guideOpen?: boolean }) {
  const guide = useGuideState();
  const { open: signInOpen } = useSignInState();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const onAuthPage = location.pathname === paths.signIn || location.pathname === paths.signUp;
  const { data: check } = useQuery({ ...meCheckQuery(me.id), enabled: !signInOpen && !onAuthPage });
  const [dismissed, setDismissed] = useState(() => dismissedFor(me.id));
  const [busy, setBusy] = useState(false);
  useEffect(() => setDismissed(dismissedFor(me.id)), [me.id]);

  const strong = me.safrv === 'strong' || check?.safrv === 'strong';
  if (strong && !signInOpen) {
    return (
      <SafrvNotice
        open
        busy={busy}
        onAcknowledge={async () => {
          setBusy(true);
          try {
            await signOut();
          } finally {
            setBusy(false);
            navigate(paths.root);
          }
        }}
      />
    );
  }
  // The beginners' guide goes first; closing it opens the popup it asks for, even one dismissed before
  // (docs/product/screens.md#guide). The same rule picks the popup after sign-in.
  if (guideOpen || !check || signInOpen || onAuthPage) return null;
  const popup = guide.promptAfter || !dismissed ? guideClosePopup(check) : null;
  const dismiss = (o: boolean) => {
    if (o) return;
    clearGuidePrompt();
    try {
      window.localStorage.setItem(dismissKey(me.id), '1');
    } catch {
      // ignore
    }
    setDismissed(true);
  };
  if (popup === 'identification') return <CompleteAccountPopup me={me} missing={check.missing} open onOpenChange={dismiss} />;
  if (popup === 'basic_info') return <BasicInfoPopup me={me} open onOpenChange={dismiss} />;
  return null;
}
