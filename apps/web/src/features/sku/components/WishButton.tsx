import type { SkuDetail } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { cn } from '../../../ui/cn';
import { HeartIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toastStore';
import { useToggleWish } from '../api/wish';

/**
 * Wish for a game. Signed in: PUT/DELETE with the count changing at once. A guest is asked to sign in first
 * (the popup); after signing in the page refetches and shows whether the game is already wished for.
 */
export function WishButton({ sku }: { sku: SkuDetail }) {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const toggle = useToggleWish(sku, (e) => {
    // A 401 has already opened the sign-in popup (lib/api); anything else is worth a word.
    if (!(isApiError(e) && e.status === 401)) toast.fail(errorToText(t, e));
  });
  const wished = sku.is_wished;
  const count = new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(sku.wishes_count);
  return (
    <button
      type="button"
      aria-pressed={me ? wished : undefined}
      onClick={() => (me ? toggle.mutate(!wished) : openSignIn())}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 ring-inset transition',
        wished ? 'bg-danger/15 text-danger ring-danger/50 hover:bg-danger/25' : 'bg-ink-800 text-fg ring-ink-600 hover:bg-ink-700',
      )}
      data-testid="wish-button"
      data-wished={wished}
    >
      <HeartIcon className="size-5" filled={wished} />
      <span>{wished ? t('sku.wished') : t('sku.wish')}</span>
      <span aria-hidden="true" className="rounded-md bg-ink-950/40 px-1.5 py-0.5 text-xs tabular-nums text-muted" data-testid="wish-count" data-count={sku.wishes_count}>
        {count}
      </span>
      <span className="sr-only">{t('sku.wishes_count', { count: sku.wishes_count })}</span>
    </button>
  );
}
