import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { buttonClass } from '../../../ui/Button';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadFailed, LoadingBlock } from '../../../ui/LoadStates';
import { Section } from '../../../ui/Section';
import { useCommunityHome } from '../api/communityHome';
import { GroupCard } from './GroupBits';
import { PostCard } from '../../../ui/PostCard';
import { PageTitle } from '../../../ui/PageTitle';

/** /community: the group hall, hot and recent posts, the viewer's groups and groups to follow (docs/product/community.md). */
export function CommunityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('community.title'));
  const home = useCommunityHome();
  if (home.isPending) return <LoadingBlock />;
  if (home.isError) return <LoadFailed error={home.error} onRetry={() => home.refetch()} />;
  const data = home.data;
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-6 sm:px-6 sm:py-10" data-testid="community-home">
      <header>
        <PageTitle title={t('community.title')} />
        <p className="mt-2 max-w-2xl text-muted">{t('community.tagline')}</p>
        <Link to={paths.talks} className={`mt-4 ${buttonClass('secondary', 'sm')}`} data-testid="talks-link">{t('people.talks')}</Link>
      </header>
      {data.my_groups.length > 0 ? (
        <Section title={t('community.my_groups')} id="my-groups" testId="my-groups">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">{data.my_groups.map((g) => <GroupCard key={g.id} group={g} />)}</ul>
        </Section>
      ) : null}
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-10">
          <Section title={t('community.hot_posts')} id="hot-posts" testId="hot-posts">
            {data.hot_posts.length === 0 ? <EmptyState title={t('community.no_posts')} /> : <ul className="space-y-3">{data.hot_posts.map((p) => <PostCard key={p.id} post={p} showGroup />)}</ul>}
          </Section>
          <Section title={t('community.recent_posts')} id="recent-posts" testId="recent-posts">
            <ul className="space-y-3">{data.recent_posts.map((p) => <PostCard key={p.id} post={p} showGroup />)}</ul>
          </Section>
        </div>
        <aside className="min-w-0 space-y-10">
          <Section title={t('community.recommend_groups')} id="recommend-groups" testId="recommend-groups">
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-1">{data.recommend_groups.map((g) => <GroupCard key={g.id} group={g} />)}</ul>
          </Section>
        </aside>
      </div>
      <Section title={t('community.group_hall')} id="group-hall" testId="group-hall">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">{data.group_halls.map((g) => <GroupCard key={g.id} group={g} />)}</ul>
      </Section>
    </div>
  );
}
