import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { communityRefusal } from '../lib/communityErrors';
import { MuteDialog } from './MuteNotice';
import { toast } from './toastStore';

/**
 * How every community write answers a refusal (docs/product/community.md#moderation): a mute or warn ban opens
 * the mute dialog, a rate limit toasts the rate-limit text, a banned word shows nothing, a 401 was already
 * handled by the API client (sign-in popup). `handle(error)` answers true when it dealt with the error, so
 * the caller shows its own message (send failed, taken…) only otherwise. Render `dialogs` once.
 */
export function useCommunityRefusal(): { handle: (error: unknown) => boolean; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [muted, setMuted] = useState<{ unmuteAt: number | null } | null>(null);
  const handle = useCallback(
    (error: unknown) => {
      const refusal = communityRefusal(error);
      switch (refusal.kind) {
        case 'muted':
          setMuted({ unmuteAt: refusal.unmuteAt });
          return true;
        case 'rate_limit':
          toast.fail(t('community_errors.rate_limit'));
          return true;
        case 'silent':
        case 'sign_in':
          return true;
        default:
          return false;
      }
    },
    [t],
  );
  const dialogs = <MuteDialog open={muted !== null} onOpenChange={(open) => !open && setMuted(null)} unmuteAt={muted?.unmuteAt ?? null} />;
  return { handle, dialogs };
}
