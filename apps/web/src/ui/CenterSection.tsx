import type { ReactNode } from 'react';

/** A page inside the user centre's frame (the frame and its left menu are the layout route's): title, subtitle, an aside. */
export function CenterSection({ title, subtitle, aside, children, testId }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0" data-testid={testId}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
          {subtitle ? <div className="mt-1 text-sm text-muted">{subtitle}</div> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
