import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Button, buttonClass } from '../../../ui/Button';
import { EyeOffIcon } from '../../../ui/icons';

/**
 * A post, review or talk whose author the viewer blocked opens with this notice instead of its content
 * (`author_blocked` of its page's answer; docs/product/people.md#direct-links): a link someone else shared does not
 * put the blocked person's words in front of the blocker unasked. "Show anyway" reveals it for this visit.
 */
export function BlockedAuthorNotice({ name, kind, onShow }: { name: string; kind: 'post' | 'review' | 'talk'; onShow: () => void }) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="flex gap-3 rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700 sm:p-5"
      data-testid="blocked-author-notice"
    >
      <EyeOffIcon className="mt-0.5 size-5 shrink-0 text-muted" />
      <div className="min-w-0">
        <h2 id={heading} className="font-semibold text-fg">{t('people.blocked_notice_title', { name })}</h2>
        <p className="mt-1 text-sm text-muted">{t(`people.blocked_notice_${kind}`)}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button variant="secondary" size="sm" onClick={onShow} data-testid="show-anyway">{t('people.show_anyway')}</Button>
          <Link to={paths.blockList} className={buttonClass('link', 'sm')}>{t('people.manage_block_list')}</Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Whether a page hides its content behind the notice, and the reveal — for this page's `id` only (the router keeps
 * the page mounted when a link leads to another post). Once shown, focus moves to the content (`contentRef`,
 * focusable by script only), since the button it was on is gone.
 */
export function useShowAnyway<E extends HTMLElement>(authorBlocked: boolean, id: number | string) {
  const [shownId, setShownId] = useState<number | string | null>(null);
  const contentRef = useRef<E>(null);
  const shown = shownId === id;
  useEffect(() => {
    if (shown) contentRef.current?.focus();
  }, [shown]);
  return { hidden: authorBlocked && !shown, show: () => setShownId(id), contentRef };
}
