import { useQueryClient } from '@tanstack/react-query';
import { API, type Me } from '@lantern/contract';
import { GUIDE_CLOSE_PATH, GUIDE_STEP_LIST, GUIDE_STEPS, type GuideRoute, type GuideTarget } from '@lantern/domain';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { api } from '../../../lib/api';
import { guideClosed, setGuideMenu } from '../../../lib/guideStore';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/Button';

/**
 * The real elements each step points at, in order of preference: the first one laid out on the page is
 * highlighted (a phone shows the menu button where a desktop shows the search box).
 */
const TARGETS: Record<GuideTarget, string[]> = {
  community_posts: ['[data-testid="hot-posts"]', '[data-testid="recent-posts"]'],
  groups: ['[data-testid="recommend-groups"]'],
  search: ['header form[role="search"]', '[data-testid="header-search-link"]', 'button[aria-controls="mobile-nav"]'],
  subjects: ['[data-testid="subjects-tab"]'],
  cart: ['[data-testid="header-cart"]'],
  item: ['[data-testid="cube"]', '[data-testid="sku-card"]'],
  profile: ['[data-guide="profile"]', '[data-testid="user-profile"]'],
  user_menu: ['[role="menu"]'],
  messages: ['[data-testid="header-messages"]'],
  menu_button: ['[data-testid="user-menu"]'],
};

const routeTo = (route: GuideRoute, accountId: number): string =>
  route === 'home' ? paths.home : route === 'community' ? paths.community : route === 'subjects' ? paths.subjects : paths.user(accountId);

function findTarget(target: GuideTarget | undefined): HTMLElement | null {
  if (!target) return null;
  for (const selector of TARGETS[target]) {
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) return el;
    }
  }
  return null;
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Space kept between the viewport's edges, the highlight and the tooltip. */
const MARGIN = 8;
const GAP = 12;
const PAD = 6;

/** The highlight: the target's box, padded, cut to the viewport (a tall block shows its visible part). */
function highlightOf(el: HTMLElement): Box | null {
  const r = el.getBoundingClientRect();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const top = Math.max(r.top - PAD, 0);
  const left = Math.max(r.left - PAD, 0);
  const bottom = Math.min(r.bottom + PAD, vh);
  const right = Math.min(r.right + PAD, vw);
  if (bottom <= top || right <= left) return null;
  return { top, left, width: right - left, height: bottom - top };
}

/**
 * The tooltip's place: below the highlight if it fits, else above, else pinned to the bottom of the viewport;
 * never wider than the viewport and never off its sides (a 390 px phone included).
 */
export function placeTooltip(hole: Box | null, size: { width: number; height: number }, viewport: { width: number; height: number }): { top: number; left: number } {
  const clampLeft = (x: number) => Math.min(Math.max(x, MARGIN), Math.max(viewport.width - size.width - MARGIN, MARGIN));
  if (!hole) return { top: Math.max((viewport.height - size.height) / 2, MARGIN), left: clampLeft((viewport.width - size.width) / 2) };
  const left = clampLeft(hole.left + hole.width / 2 - size.width / 2);
  const below = hole.top + hole.height + GAP;
  if (below + size.height <= viewport.height - MARGIN) return { top: below, left };
  const above = hole.top - GAP - size.height;
  if (above >= MARGIN) return { top: above, left };
  return { top: Math.max(viewport.height - size.height - MARGIN, MARGIN), left };
}

/**
 * The beginners' guide (docs/product/screens.md#guide): ten steps, each going to its page and pointing at a real
 * part of it, with Next and Skip. A modal dialog: the page behind is inert, Tab stays inside, Escape skips.
 * Closing or finishing records it on the account (PATCH /api/me/guide), goes to /home, and lets the account
 * prompts open the popup the domain's `guideClosePopup` picks.
 */
export default function GuideOverlay({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [index, setIndex] = useState(0);
  const [hole, setHole] = useState<Box | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closing = useRef(false);
  const titleId = useId();
  const bodyId = useId();
  const step = GUIDE_STEP_LIST[index]!;
  const accountId = me.id;
  const last = index === GUIDE_STEP_LIST.length - 1;

  const close = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    setGuideMenu(false);
    // Saved for the account (every tab and device); a failure only means it may be offered once more.
    void api.patch(API.meGuide).then(() => client.invalidateQueries({ queryKey: queryKeys.me.all }), () => undefined);
    guideClosed();
    navigate(GUIDE_CLOSE_PATH);
  }, [client, navigate]);

  // Each step: go to its page, and show or hide the user menu (steps 8 and 9).
  // Once per step: `navigate` changes with every location, and must not send the reader back.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (closing.current) return;
    if (step.route) navigateRef.current(routeTo(step.route, accountId));
    setGuideMenu(step.menu === 'open');
  }, [step, accountId]);

  // The page behind is inert while the guide is open (clicks and screen readers stay in the dialog).
  useEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => {
      root?.removeAttribute('inert');
      setGuideMenu(false);
    };
  }, []);

  // Follow the target: it may appear late (a page loading its data), move (scrolling, resizing) or be the menu.
  useEffect(() => {
    let scrolled = false;
    const measure = () => {
      const el = findTarget(step.target);
      if (el && !scrolled) {
        scrolled = true;
        const r = el.getBoundingClientRect();
        const header = 72;
        const outOfView = r.top < header || r.bottom > window.innerHeight;
        // Elements in the sticky header or a menu are already where they are shown.
        if (outOfView && !el.closest('header') && el.getAttribute('role') !== 'menu') {
          const tall = r.height > window.innerHeight * 0.5;
          const top = tall ? r.top + window.scrollY - header - PAD : r.top + window.scrollY - (window.innerHeight - r.height) / 2;
          window.scrollTo({ top: Math.max(top, 0), behavior: reducedMotion() ? 'auto' : 'smooth' });
        }
      }
      setHole(el ? highlightOf(el) : null);
    };
    measure();
    const timer = window.setInterval(measure, 200);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step]);

  useLayoutEffect(() => {
    const box = dialogRef.current?.getBoundingClientRect();
    if (!box) return;
    const next = placeTooltip(hole, { width: box.width, height: box.height }, { width: window.innerWidth, height: window.innerHeight });
    setPlace((p) => (p && Math.abs(p.top - next.top) < 1 && Math.abs(p.left - next.left) < 1 ? p : next));
  }, [hole, index]);

  // Each new step is announced: focus moves to the dialog, which names the step and says what it shows.
  useEffect(() => {
    dialogRef.current?.focus({ preventScroll: true });
  }, [index]);

  // Focus never leaves the dialog (a menu opening takes it, the page behind is inert); Escape skips.
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const dialog = dialogRef.current;
      if (dialog && e.target instanceof Node && !dialog.contains(e.target)) dialog.focus({ preventScroll: true });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      close();
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [close]);

  const trapTab = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const lastButton = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialogRef.current)) {
      e.preventDefault();
      lastButton.focus();
    } else if (!e.shiftKey && active === lastButton) {
      e.preventDefault();
      first.focus();
    }
  };

  const next = () => (last ? close() : setIndex((i) => i + 1));

  return createPortal(
    <div className="fixed inset-0 z-[70]" data-testid="guide" data-step={step.n}>
      {/* The dimmed page with a hole over the target (or dimmed whole when the step points at nothing). */}
      {hole ? (
        <div
          aria-hidden="true"
          data-testid="guide-highlight"
          className="pointer-events-none fixed rounded-xl ring-2 ring-accent transition-[top,left,width,height] duration-300 ease-out motion-reduce:transition-none"
          style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height, boxShadow: '0 0 0 200vmax rgb(0 0 0 / 0.62)' }}
        />
      ) : (
        <div aria-hidden="true" className="fixed inset-0 bg-black/60" />
      )}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={trapTab}
        className="fixed w-[min(22rem,calc(100vw-16px))] rounded-[var(--radius-card)] bg-ink-800 p-4 shadow-2xl outline-none ring-1 ring-ink-600 focus-visible:ring-2 focus-visible:ring-accent"
        style={place ? { top: place.top, left: place.left } : { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }}
        data-testid="guide-dialog"
      >
        <p className="text-xs font-semibold uppercase tracking-wider text-accent" data-testid="guide-progress">
          {t('guide.step_of', { n: step.n, total: GUIDE_STEPS })}
        </p>
        <h2 id={titleId} className="mt-1 text-lg font-bold text-fg">
          {t(`guide.steps.${step.key}.title`)}
        </h2>
        <p id={bodyId} className="mt-1.5 text-sm leading-relaxed text-muted">
          {t(`guide.steps.${step.key}.body`)}
        </p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <Button variant="ghost" size="sm" onClick={close} data-testid="guide-skip">
            {t('guide.skip')}
          </Button>
          <Button size="sm" onClick={next} data-testid="guide-next">
            {t(last ? 'guide.finish' : 'guide.next')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
