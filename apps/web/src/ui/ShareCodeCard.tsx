import type { ReactNode } from 'react';
import { Card } from './Card';
import { CopyableValue } from './CopyableValue';

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
