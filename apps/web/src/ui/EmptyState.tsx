import type { ReactNode } from 'react';
import { cn } from './cn';

export function EmptyState({ icon, title, body, action, className }: { icon?: ReactNode; title: ReactNode; body?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-12 text-center', className)}>
      <div className="grid size-12 place-items-center rounded-full bg-ink-800 text-accent" aria-hidden="true">
        {icon ?? (
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
            <path d="M4 7h16M6 7v11a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7M9 7V5a3 3 0 0 1 6 0v2" strokeLinecap="round" />
          </svg>
        )}
      </div>
      <p className="text-base font-semibold text-fg">{title}</p>
      {body ? <p className="max-w-md text-sm text-muted">{body}</p> : null}
      {action}
    </div>
  );
}
