import { useQuery } from '@tanstack/react-query';
import { journeyProgress, type JourneyTaskKind } from '@lantern/domain';
import type { AccountJourneyReward, JourneyTask } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate, useLanguage, useLocalize } from '../../../lib/localize';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CenterSection } from '../../../ui/CenterSection';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { journeyRewardsQuery, journeyTasksQuery, useOpenReward, useRedeemTaskCode, useShareTask } from '../api';
import { openProblem, redeemProblem, shareProblem } from '../reasons';

function RewardText({ reward }: { reward: JourneyTask['reward'] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  if (!reward) return null;
  const parts = [reward.points ? t('journeys.points', { count: reward.points }) : null, reward.coupon ? localize(reward.coupon.title) : null].filter(Boolean);
  return <span className="text-xs text-accent">{t('journeys.reward', { what: parts.join(' + ') })}</span>;
}

function RedeemForm({ task }: { task: JourneyTask }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const m = useRedeemTaskCode();
  return (
    <form
      className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        if (!code.trim()) return setProblem(t('journeys.code_blank'));
        m.mutate({ journeyId: task.journey_id, taskId: task.id, code: code.trim() }, {
          onSuccess: () => {
            setCode('');
            toast.success(t('journeys.task_done'));
          },
          onError: (err) => setProblem(redeemProblem(t, err)),
        });
      }}
    >
      <TextField
        label={t('journeys.code_label')}
        name="journey-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onFocus={() => setProblem(null)}
        error={problem}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        className="font-mono tracking-wider"
        containerClassName="min-w-0 flex-1"
        data-testid={`journey-code-${task.id}`}
      />
      <Button type="submit" loading={m.isPending} className="sm:mt-6" data-testid={`journey-redeem-${task.id}`}>
        {t('journeys.redeem')}
      </Button>
    </form>
  );
}

function ShareButton({ task }: { task: JourneyTask }) {
  const { t } = useTranslation();
  const m = useShareTask();
  return (
    <Button
      size="sm"
      variant={task.completed ? 'secondary' : 'primary'}
      loading={m.isPending}
      data-testid={`journey-share-${task.id}`}
      onClick={async () => {
        // The link is copied for the friend; the share counts whether or not the browser allows copying.
        try {
          await navigator.clipboard.writeText(window.location.href);
        } catch {
          /* no clipboard permission: the share still counts */
        }
        m.mutate({ journeyId: task.journey_id, taskId: task.id }, {
          onSuccess: () => toast.success(t('journeys.shared')),
          onError: (err) => toast.fail(shareProblem(t, err)),
        });
      }}
    >
      {t('journeys.share')}
    </Button>
  );
}

const KIND_KEYS: Record<JourneyTaskKind, string> = {
  share: 'journeys.kind_share',
  redeem_code: 'journeys.kind_redeem_code',
  bind_wechat: 'journeys.kind_bind_wechat',
  register: 'journeys.kind_register',
};

function TaskRow({ task }: { task: JourneyTask }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const open = task.journey.status === 'current';
  return (
    <li className="px-5 py-4" data-testid={`journey-task-${task.id}`} data-completed={task.completed}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-subtle">{t(KIND_KEYS[task.kind])}</p>
          <p className="font-medium text-fg">{localize(task.title)}</p>
          <RewardText reward={task.reward} />
        </div>
        <div className="flex items-center gap-2">
          {task.completed ? (
            <span className="rounded-full bg-success/15 px-2.5 py-1 text-xs font-semibold text-success" data-testid="task-done">
              {t('journeys.done')}
            </span>
          ) : null}
          {open && task.kind === 'share' ? <ShareButton task={task} /> : null}
          {open && !task.completed && task.kind === 'bind_wechat' ? (
            <Link to={paths.linkedAccounts} className={buttonClass('secondary', 'sm')}>
              {t('journeys.bind_wechat')}
            </Link>
          ) : null}
          {!task.completed && task.kind === 'register' ? <span className="text-xs text-muted">{t('journeys.register_hint')}</span> : null}
        </div>
      </div>
      {open && !task.completed && task.kind === 'redeem_code' ? <RedeemForm task={task} /> : null}
    </li>
  );
}

function Journey({ tasks }: { tasks: JourneyTask[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const language = useLanguage();
  const journey = tasks[0]!.journey;
  const progress = journeyProgress(tasks.map((x) => x.id), new Set(tasks.filter((x) => x.completed).map((x) => x.id)));
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Card className="mb-6" data-testid={`journey-${journey.id}`}>
      <div className="border-b border-ink-700 px-5 py-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold text-fg">{localize(journey.title)}</h2>
          <span className="text-xs text-subtle">
            {formatDate(journey.starts_at_timestamp, language)} – {formatDate(journey.ends_at_timestamp, language)}
            {journey.status !== 'current' ? ` · ${t(`journeys.status_${journey.status}`)}` : ''}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted">{localize(journey.description)}</p>
        <div className="mt-3 flex items-center gap-3">
          <div className="h-2 flex-1 overflow-hidden rounded-full bg-ink-700" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done} aria-label={t('journeys.progress_label')}>
            <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-xs text-muted" data-testid="journey-progress">
            {t('journeys.progress', { done: progress.done, total: progress.total })}
          </span>
        </div>
      </div>
      <ul className="divide-y divide-ink-700/70">
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </ul>
    </Card>
  );
}

/** Read after the tasks: reading them completes a `register` task, whose reward must show here too. */
function Rewards({ tasksRead }: { tasksRead: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const q = useQuery({ ...journeyRewardsQuery, enabled: tasksRead });
  const open = useOpenReward();
  const rewards = q.data?.journey_rewards ?? [];
  const what = (r: AccountJourneyReward) =>
    [r.journey_reward.points ? t('journeys.points', { count: r.journey_reward.points }) : null, r.journey_reward.coupon ? localize(r.journey_reward.coupon.title) : null].filter(Boolean).join(' + ');
  return (
    <Card>
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{t('journeys.rewards')}</h2>
      {rewards.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{t('journeys.no_rewards')}</p>
      ) : (
        <ul className="divide-y divide-ink-700/70" data-testid="journey-rewards">
          {rewards.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3" data-testid={`journey-reward-${r.id}`}>
              <div className="min-w-0">
                <p className="font-medium text-fg">{localize(r.journey_reward.title)}</p>
                <p className="text-xs text-muted">{what(r)}</p>
              </div>
              {r.opened ? (
                <span className="text-xs font-semibold text-success" data-testid="reward-opened">
                  {t('journeys.opened')}
                </span>
              ) : (
                <Button
                  size="sm"
                  loading={open.isPending && open.variables === r.id}
                  data-testid={`journey-open-${r.id}`}
                  onClick={() =>
                    open.mutate(r.id, {
                      onSuccess: () => toast.success(t('journeys.opened_toast', { what: what(r) })),
                      onError: (err) => toast.fail(openProblem(t, err)),
                    })
                  }
                >
                  {t('journeys.open')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /user_center/journeys (docs/product/engagement.md#tasks-and-journeys): journeys with their tasks and progress, and my rewards to open. */
export function JourneysPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.journeys'));
  const q = useQuery(journeyTasksQuery);
  const byJourney = new Map<number, JourneyTask[]>();
  for (const task of q.data?.journey_tasks ?? []) byJourney.set(task.journey_id, [...(byJourney.get(task.journey_id) ?? []), task]);
  return (
    <CenterSection title={t('nav.journeys')} subtitle={t('journeys.subtitle')} testId="journeys-page">
      {q.isPending ? <LoadingBlock /> : q.isError ? <LoadFailed error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data && byJourney.size === 0 ? <EmptyState title={t('journeys.none')} className="mb-6" /> : null}
      {[...byJourney.values()].map((tasks) => (
        <Journey key={tasks[0]!.journey_id} tasks={tasks} />
      ))}
      <Rewards tasksRead={q.isSuccess} />
    </CenterSection>
  );
}
