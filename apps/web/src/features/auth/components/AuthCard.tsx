import { isSameOriginPath } from '@lantern/domain';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LanternMark } from '../../../ui/icons';

/** The centred card of the account pages, with a warm glow behind it. */
export function AuthCard({ title, subtitle, children, wide }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  // The card's title names the page in the tab too.
  useDocumentTitle(typeof title === 'string' ? title : null);
  return (
    <div className="relative px-3 py-8 sm:py-14">
      <div aria-hidden="true" className="animate-glow pointer-events-none absolute left-1/2 top-10 -z-10 h-64 w-[36rem] max-w-full -translate-x-1/2 rounded-full bg-accent/10 blur-3xl" />
      <div className={`mx-auto w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded-2xl bg-ink-850/95 p-5 shadow-2xl ring-1 ring-ink-700 sm:p-8`}>
        <div className="mb-6 flex items-center gap-3">
          <LanternMark className="size-10" />
          <div>
            <h1 className="text-xl font-bold tracking-tight text-fg sm:text-2xl">{title}</h1>
            {subtitle ? <p className="mt-0.5 text-sm text-muted">{subtitle}</p> : null}
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Only same-site paths: `return_addr` must not send the user to another host. */
export function safeReturnAddr(raw: string | null): string {
  if (!isSameOriginPath(raw)) return '/';
  if (raw.startsWith('/sign_in')) return '/';
  return raw;
}
