import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { CrumbNav, PageTitle } from '../../../ui/PageTitle';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { Cover } from '../../../ui/Cover';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { toast } from '../../../ui/toastStore';
import { useCommunityRefusal } from '../../../ui/useCommunityRefusal';
import { useContributors } from '../api/contributors';
import { useGroup, type GroupDetail } from '../api/group';
import { GROUP_TABS, groupViewOf, useGroupPosts, type PostTab } from '../api/groupPosts';
import { useJoinGroup } from '../api/joinGroup';
import { communityPaths } from '../paths';
import { EvaluationBars } from './GroupBits';
import { Avatar } from '../../../ui/Avatar';
import { PostCard } from '../../../ui/PostCard';


function JoinButton({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const join = useJoinGroup(group.id);
  const refusal = useCommunityRefusal();
  const toggle = () => {
    if (!me) return openSignIn();
    join.mutate(!group.joined, {
      onSuccess: (r) => toast.success(t(r.joined ? 'community.follow_success' : 'community.unfollow_success')),
      onError: (e) => refusal.handle(e) || toast.fail(errorToText(t, e)),
    });
  };
  return (
    <>
      <Button variant={group.joined ? 'secondary' : 'primary'} loading={join.isPending} onClick={toggle} aria-pressed={group.joined} data-testid="group-join">
        {t(group.joined ? 'community.leave' : 'community.join')}
      </Button>
      {refusal.dialogs}
    </>
  );
}

function PostsTab({ groupId, tab, page }: { groupId: number; tab: PostTab; page: number }) {
  const { t } = useTranslation();
  const list = useGroupPosts(groupId, tab, page);
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const pages = Math.ceil(list.data.meta.total_count / list.data.meta.per);
  const kind = tab === 'reviews' ? 'reviews' : 'posts';
  return list.data.posts.length === 0 ? (
    <EmptyState title={t(tab === 'reviews' ? 'community.no_reviews' : 'community.no_posts')} />
  ) : (
    <>
      <ul className="space-y-3" data-testid={`group-${kind}`}>{list.data.posts.map((p) => <PostCard key={p.id} post={p} />)}</ul>
      <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => `${paths.group(groupId, kind)}${kind === 'posts' ? '?' : '&'}page=${p}`} />
    </>
  );
}

function ContributorsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const list = useContributors(groupId, true);
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.contributors.length === 0) return <EmptyState title={t('community.no_contributors')} />;
  return (
    <ol className="divide-y divide-ink-700 rounded-[var(--radius-card)] bg-ink-850 ring-1 ring-ink-700" data-testid="group-contributors">
      {list.data.contributors.map((c) => (
        <li key={c.account.id} className="flex items-center gap-3 px-4 py-3">
          <span className="w-6 text-right text-sm font-bold tabular-nums text-subtle">{c.position}</span>
          <Avatar name={c.account.nickname} url={c.account.avatar_url} size={28} />
          <Link to={paths.user(c.account.id)} className="min-w-0 flex-1 truncate font-medium text-fg hover:text-accent-strong">{c.account.nickname}</Link>
          <span className="text-xs text-accent">{t(`community.rank_${c.rank}`)}</span>
          <span className="hidden text-xs text-muted sm:inline">{t('community.contribution', { reviews: c.reviews_count, posts: c.posts_count })}</span>
        </li>
      ))}
    </ol>
  );
}

/** /community/groups/{id}: a game's group — join, its evaluation, posts, reviews and contributors. */
export function GroupPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const { tab, page } = groupViewOf(search);
  const [kind, setKind] = useState<PostTab>('all');
  const group = useGroup(id);
  useDocumentTitle(group.data ? pickText(group.data.name, language) : t('community.title'));
  if (group.isPending) return <LoadingBlock />;
  if (group.isError) return <LoadFailed error={group.error} onRetry={() => group.refetch()} />;
  const g = group.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10" data-testid="group-page" data-id={g.id}>
      <CrumbNav label={t('community.breadcrumb')} to={communityPaths.home} text={t('community.title')} className="mb-4" />
      <header className={g.community_game ? 'grid gap-6 md:grid-cols-[minmax(0,22rem)_1fr]' : undefined}>
        {g.community_game ? (
          <Link to={paths.sku(g.community_game.sku_id)} className="block overflow-hidden rounded-[var(--radius-card)] ring-1 ring-ink-700">
            <Cover src={g.community_game.cover} shape="horizontal" alt={pickText(g.name, language)} priority="eager" />
          </Link>
        ) : null}
        <div className="min-w-0">
          <PageTitle title={pickText(g.name, language)} />
          <p className="mt-2 text-muted">{pickText(g.summary, language)}</p>
          <p className="mt-3 text-sm text-muted" data-testid="group-members">
            {t('community.members', { count: g.users_count })} · {t('community.posts_count', { count: g.posts_count })}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <JoinButton group={g} />
            <Link to={communityPaths.write(g.id, 'Review')} className={buttonClass('secondary')} data-testid="write-review">{t('community.write_review')}</Link>
            <Link to={communityPaths.write(g.id, 'Post', true)} className={buttonClass('ghost')} data-testid="write-post">{t('community.write_post')}</Link>
          </div>
        </div>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <div role="tablist" aria-label={t('community.group_tabs')} className="mb-4 flex gap-1 border-b border-ink-700">
            {GROUP_TABS.map((x) => (
              <Link key={x} role="tab" aria-selected={tab === x} to={paths.group(g.id, x)} replace
                className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === x ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'}`} data-testid={`group-tab-${x}`}>
                {t(`community.tab_${x}`)}
              </Link>
            ))}
          </div>
          {/* The cards below title their posts with h3: the tab's name is their h2, for readers who move by
              headings (heading order never skips a level). */}
          <h2 className="sr-only">{t(`community.tab_${tab}`)}</h2>
          {tab === 'posts' ? (
            <>
              <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label={t('community.filter')}>
                {(['all', 'long', 'short'] as const).map((k) => (
                  <button key={k} type="button" aria-pressed={kind === k} onClick={() => setKind(k)}
                    className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${kind === k ? 'bg-accent/15 text-accent ring-accent/40' : 'text-muted ring-ink-700 hover:text-fg'}`}>
                    {t(`community.kind_${k}`)}
                  </button>
                ))}
              </div>
              <PostsTab groupId={g.id} tab={kind} page={page} />
            </>
          ) : tab === 'reviews' ? (
            <PostsTab groupId={g.id} tab="reviews" page={page} />
          ) : (
            <ContributorsTab groupId={g.id} />
          )}
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="evaluation" className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
            <h2 id="evaluation" className="mb-3 font-bold text-fg">{t('community.evaluation')}</h2>
            <EvaluationBars distribution={g.evaluation.distribution} percent={g.evaluation.percent} average={g.evaluation.average} reviewsCount={g.evaluation.reviews_count} />
          </section>
          <section aria-labelledby="ranks" className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
            <h2 id="ranks" className="mb-3 font-bold text-fg">{t('community.ranks')}</h2>
            {g.ranks.length === 0 ? <p className="text-sm text-muted">{t('community.no_contributors')}</p> : (
              <ol className="space-y-2">
                {g.ranks.map((c) => (
                  <li key={c.account.id} className="flex items-center gap-2 text-sm">
                    <span className="w-4 font-bold tabular-nums text-subtle">{c.position}</span>
                    <Avatar name={c.account.nickname} url={c.account.avatar_url} size={28} />
                    <span className="min-w-0 flex-1 truncate text-fg">{c.account.nickname}</span>
                    <span className="text-xs text-accent">{t(`community.rank_${c.rank}`)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {/* Appointed by staff for this group (docs/product/community.md#group-moderators). */}
          {g.moderators.length > 0 ? (
            <section aria-labelledby="moderators" className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700" data-testid="group-moderators">
              <h2 id="moderators" className="mb-3 font-bold text-fg">{t('community.moderators')}</h2>
              <ul className="space-y-2">
                {g.moderators.map((m) => (
                  <li key={m.id}>
                    <Link to={paths.user(m.id)} className="flex items-center gap-2 text-sm text-fg hover:text-accent-strong">
                      <Avatar name={m.nickname} url={m.avatar_url} size={28} />
                      <span className="min-w-0 flex-1 truncate">{m.nickname}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="achievements" className="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700">
            <h2 id="achievements" className="mb-2 font-bold text-fg">{t('community.achievements')}</h2>
            <p className="text-sm text-muted">{t('community.achievements_unavailable')}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}
