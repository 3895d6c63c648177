import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { playtimeHours, RESPONSIBILITY_CONFIG, type PlatformKind } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { reasonText } from '../../../lib/errors';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { CenterSection } from '../../../ui/CenterSection';
import { cn } from '../../../ui/cn';
import { ResponsibilityDialog } from '../../../ui/ResponsibilityDialog';
import { toast } from '../../../ui/toastStore';
import { WarningDialog } from '../../../ui/WarningDialog';
import { startLink, useAcknowledgeResponsibility, useSteamPlatform, useUnbind } from '../api/linkedAccounts';

const KINDS: readonly PlatformKind[] = ['steam', 'wechat', 'weibo'];
const MARK: Record<PlatformKind, { letter: string; tone: string }> = {
  steam: { letter: 'S', tone: 'bg-[#1b2838] text-[#66c0f4] ring-[#66c0f4]/40' },
  wechat: { letter: 'W', tone: 'bg-[#07c160]/15 text-[#07c160] ring-[#07c160]/40' },
  weibo: { letter: 'B', tone: 'bg-[#e6162d]/15 text-[#ff4d5e] ring-[#e6162d]/40' },
};

/** The library Steam shows for the bound account: games and hours, the most played first. */
function SteamLibrary() {
  const { t } = useTranslation();
  const steam = useSteamPlatform(true);
  if (!steam.data?.bound) return null;
  if (!steam.data.public) return <p className="mt-3 text-sm text-muted" data-testid="steam-hidden">{t('linked_accounts.steam_hidden')}</p>;
  return (
    <div className="mt-4" data-testid="steam-library">
      <p className="text-sm text-muted">
        {t('linked_accounts.steam_summary', { games: steam.data.games_count ?? 0, hours: playtimeHours(steam.data.playtime_seconds ?? 0) })}
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {steam.data.games.slice(0, 6).map((g) => (
          <li key={g.app_id} className="flex items-center justify-between gap-3 rounded-lg bg-ink-850 px-3 py-2 text-sm ring-1 ring-ink-700">
            <span className="truncate text-fg">{g.name}</span>
            <span className="shrink-0 tabular-nums text-subtle">{t('linked_accounts.hours', { count: playtimeHours(g.playtime_seconds) })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /setting/linked_accounts: bind and unbind Steam, WeChat and Weibo (docs/product/linked-accounts.md#settings-page). */
export function LinkedAccountsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const [declaring, setDeclaring] = useState(false);
  const [unbinding, setUnbinding] = useState<PlatformKind | null>(null);
  const [leaving, setLeaving] = useState<PlatformKind | null>(null);
  const acknowledge = useAcknowledgeResponsibility();
  const unbind = useUnbind();
  useDocumentTitle(t('linked_accounts.title'));

  // Coming back from a provider: say how it went once, then drop it from the address.
  useEffect(() => {
    const bound = params.get('bound');
    const error = params.get('link_error');
    if (!bound && !error) return;
    if (bound) toast.success(t('linked_accounts.bound_toast', { name: t(`linked_accounts.kind.${bound}`, { defaultValue: bound }) }));
    if (error) {
      const [field = 'base', reason = 'invalid'] = error.split(':');
      toast.fail(t(`linked_accounts.error.${field}_${reason}`, { defaultValue: reasonText(t, field, reason) }));
    }
    setParams({}, { replace: true });
  }, [params, setParams, t]);

  if (!me) return null;
  const bindingOf = (kind: PlatformKind) => me.platforms.find((p) => p.kind === kind) ?? null;
  const acknowledged = me.configs.some((c) => c.kind === RESPONSIBILITY_CONFIG.kind && c.key === RESPONSIBILITY_CONFIG.key && c.value === RESPONSIBILITY_CONFIG.acknowledged);

  const go = async (kind: PlatformKind) => {
    setLeaving(kind);
    try {
      const { url } = await startLink(kind, paths.linkedAccounts);
      window.location.assign(url);
    } catch (error) {
      setLeaving(null);
      const reason = (error as { errors?: Record<string, string[]> }).errors?.[kind]?.[0];
      toast.fail(reason ? reasonText(t, kind, reason) : t('errors.server_error'));
    }
  };
  // Steam data is shared only after the responsibility declaration is answered "I have got it".
  const link = (kind: PlatformKind) => (kind === 'steam' && !acknowledged ? setDeclaring(true) : void go(kind));

  return (
    <CenterSection title={t('linked_accounts.title')} subtitle={t('linked_accounts.subtitle')}>
      <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-700" data-testid="linked-accounts">
        {KINDS.map((kind) => {
          const binding = bindingOf(kind);
          return (
            <li key={kind} className="px-5 py-4" data-testid={`linked-${kind}`} data-bound={binding ? 'true' : 'false'}>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 items-center gap-3">
                  <span aria-hidden="true" className={cn('grid size-10 shrink-0 place-items-center rounded-xl text-lg font-black ring-1', MARK[kind].tone)}>{MARK[kind].letter}</span>
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-fg">{t(`linked_accounts.kind.${kind}`)}</p>
                    <p className="truncate text-sm text-muted" data-testid={`linked-${kind}-state`}>
                      {binding ? t('linked_accounts.bound_as', { name: binding.show_id }) : t(`linked_accounts.not_bound.${kind}`)}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  {binding ? (
                    <Button variant="secondary" size="sm" onClick={() => setUnbinding(kind)} data-testid={`unbind-${kind}`}>{t('linked_accounts.unbind')}</Button>
                  ) : (
                    <Button size="sm" loading={leaving === kind} onClick={() => link(kind)} data-testid={`link-${kind}`}>{t('linked_accounts.link')}</Button>
                  )}
                </div>
              </div>
              {kind === 'steam' && binding ? <SteamLibrary /> : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-subtle">{t('linked_accounts.privacy')}</p>

      <ResponsibilityDialog
        open={declaring}
        onOpenChange={setDeclaring}
        steamBound={bindingOf('steam') !== null}
        onGotIt={() => {
          acknowledge.mutate(undefined, {
            onSuccess: () => {
              setDeclaring(false);
              void go('steam');
            },
            onError: () => toast.fail(t('errors.server_error')),
          });
        }}
        onUnboundTemporarily={() => setDeclaring(false)}
      />
      <WarningDialog
        open={unbinding !== null}
        onOpenChange={(o) => !o && setUnbinding(null)}
        title={t('linked_accounts.unbind_title', { name: unbinding ? t(`linked_accounts.kind.${unbinding}`) : '' })}
        body={t('linked_accounts.unbind_body')}
        confirmText={t('linked_accounts.unbind')}
        danger
        busy={unbind.isPending}
        onConfirm={() => {
          if (!unbinding) return;
          unbind.mutate(unbinding, {
            onSuccess: () => toast.success(t('linked_accounts.unbound_toast')),
            onError: () => toast.fail(t('errors.server_error')),
            onSettled: () => setUnbinding(null),
          });
        }}
        onCancel={() => setUnbinding(null)}
      />
    </CenterSection>
  );
}
