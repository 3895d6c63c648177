import { CopyButton } from './CopyButton';
import type { ReactNode } from 'react';
import { Card } from './Card';

/**
 * A value the owner hands to others (an invite code, a sharing link) under its label, with a copy button.
 * `code` shows a short code large and spaced; `link` a long address that wraps. The test ids are the value's
 * `testId` and `copy-<testId>`.
 */
export function CopyableValue({ label, value, kind, testId }: { label: string; value: string; kind: 'code' | 'link'; testId: string }) {
  return (
    <div>
      <p className="text-xs uppercase tracking-wide text-subtle">{label}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <code
          className={
            kind === 'code'
              ? 'font-mono text-2xl font-bold tracking-widest text-fg'
              : 'min-w-0 break-all rounded-lg bg-ink-900/70 px-3 py-2 text-sm text-fg'
          }
          data-testid={testId}
        >
          {value}
        </code>
        <CopyButton text={value} label={label} testId={`copy-${testId}`} />
      </div>
    </div>
  );
}

/**
 * My code and my link to share, each copyable, then the rule they earn by; more below (`children`). Test ids are
 * `{testId}-code`, `-link` and `-rule`.
 */
export function ShareCodeCard({ codeLabel, code, linkLabel, link, rule, testId, children }: { codeLabel: string; code: string; linkLabel: string; link: string; rule: string; testId: string; children?: ReactNode }) {
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <CopyableValue label={codeLabel} value={code} kind="code" testId={`${testId}-code`} />
      <CopyableValue label={linkLabel} value={link} kind="link" testId={`${testId}-link`} />
      <p className="rounded-lg bg-accent/10 px-3 py-2 text-sm text-fg ring-1 ring-inset ring-accent/30" data-testid={`${testId}-rule`}>
        {rule}
      </p>
      {children}
    </Card>
  );
}
