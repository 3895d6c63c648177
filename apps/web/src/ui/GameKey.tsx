import { useQuery } from '@tanstack/react-query';
import type { ActivationResult } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActivated, keyCallErrorText, revealKeyQuery, useActivateKey } from '../lib/keys';
import { Button } from './Button';
import { cn } from './cn';
import { CopyButton } from './CopyButton';

/**
 * A key's code, hidden until asked for (GET /api/me/game_keys/{id}), then shown with a copy button.
 * The code is never in a list answer, so it is fetched only by its owner's click.
 */
export function KeyReveal({ keyId, label, className }: { keyId: number; label: string; className?: string }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const q = useQuery({ ...revealKeyQuery(keyId), enabled: asked });
  if (!asked)
    return (
      <Button size="sm" variant="secondary" onClick={() => setAsked(true)} data-testid="key-reveal" className={className}>
        {t('keys.reveal')}
        <span className="sr-only"> {label}</span>
      </Button>
    );
  if (q.isError)
    return (
      <p className={cn('text-sm text-danger', className)} role="alert">
        {keyCallErrorText(t, q.error)}
      </p>
    );
  if (!q.data)
    return (
      <Button size="sm" variant="secondary" loading className={className}>
        {t('keys.reveal')}
      </Button>
    );
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <code className="select-all rounded-lg bg-ink-950 px-3 py-1.5 font-mono text-sm tracking-wider text-accent-strong ring-1 ring-inset ring-ink-700" data-testid="key-code" aria-label={t('keys.code_of', { name: label })}>
        {q.data.code}
      </code>
      <CopyButton text={q.data.code} label={label} testId="key-copy" />
    </div>
  );
}

/**
 * Activate on the platform (docs/product/buying.md#key-activation: loading, then success or fail). A failure says so with the platform's
 * error code; the key lists are refreshed either way.
 */
export function KeyActivate({ keyId, kind, status, label, onDone }: { keyId: number; kind: 'platform_key' | 'goods_code'; status: string; label: string; onDone?: (r: ActivationResult) => void }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const m = useActivateKey(keyId, kind, {
    onSuccess: (r) => {
      const ok = isActivated(r.activation_status);
      setResult({ ok, text: ok ? t('keys.activate_success') : t('keys.activate_failed', { code: r.error_code ?? '—' }) });
      onDone?.(r);
    },
    onError: (e) => setResult({ ok: false, text: keyCallErrorText(t, e) }),
  });
  if (isActivated(status) && !result)
    return (
      <span className="text-sm font-medium text-success" data-testid="key-activated">
        {status === 'enabled' ? t('keys.enabled') : t('keys.activated')}
      </span>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!result?.ok ? (
        <Button size="sm" onClick={() => m.mutate()} loading={m.isPending} data-testid="key-activate">
          {status === 'failed' || result ? t('keys.activate_retry') : t('keys.activate')}
          <span className="sr-only"> {label}</span>
        </Button>
      ) : null}
      {result ? (
        <span className={cn('text-sm', result.ok ? 'text-success' : 'text-danger')} role={result.ok ? 'status' : 'alert'} data-testid="key-activation-result" data-ok={result.ok}>
          {result.text}
        </span>
      ) : null}
    </div>
  );
}
