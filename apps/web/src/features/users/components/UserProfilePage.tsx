import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Card } from '../../../ui/Card';
import { LinkTabs } from '../../../ui/LinkTabs';
import { PageSpinner } from '../../../ui/Spinner';
import { buttonClass } from '../../../ui/Button';
import { userQuery, userServiceQuery } from '../api/user';
import { BackgroundControls } from './BackgroundControls';
import { PeopleActions } from './PeopleActions';
import { ProfileComments, ProfileFriends, ProfileGames, ProfilePosts } from './ProfileTabs';
import { ProfileAchievements, ProfileSteamReviews } from './SteamStatsTabs';
import { SteamLibrary } from './SteamLibrary';
import { formatMonth } from '../../../lib/dates';
import { useErrorPage } from '../../../lib/useErrorPage';
import { listHref, pageFromParam } from '../../../lib/paging';

/** The personal page's tabs, in the order they are shown (docs/product/personal-pages.md#tabs). */
const TABS = ['games', 'achievements', 'posts', 'reviews', 'steam_reviews', 'comments', 'replies', 'friends'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

type FriendsKind = 'following' | 'followers';

const tabHref = (id: string, tab: Tab, page = 1, kind: FriendsKind = 'following') =>
  listHref(paths.user(id), { tab: tab !== 'games' && tab, kind: tab === 'friends' && kind !== 'following' && kind, page: page > 1 && page });

/**
 * /users/:id — a personal page: the header with the owner's background, the introduction, and tabs of what they
 * play and write (`?tab=`, `?page=`, so each view can be shared). A closed or unknown user goes to /404
 * (docs/product/screens.md#routes).
 */
export function UserProfilePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const valid = /^\d+$/.test(id);
  const user = useQuery({ ...userQuery(id), enabled: valid });
  const service = useQuery({ ...userServiceQuery(id), enabled: valid && user.isSuccess });
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'games';
  const page = pageFromParam(params.get('page'));
  const kind: FriendsKind = params.get('kind') === 'followers' ? 'followers' : 'following';
  useDocumentTitle(user.data?.nickname ?? t('ui.loading'));

  useErrorPage(user, { missing: !valid, otherwise: paths.notFound });

  if (!user.data) return <PageSpinner label={t('ui.loading')} />;
  const u = user.data;
  const isSelf = service.data?.is_self ?? false;
  const joined = formatMonth(u.created_at_timestamp, i18n.language);
  const initial = [...(u.nickname.trim() || '?')][0]!.toUpperCase();
  const tabProps = { userId: id, page, isSelf, hrefFor: (p: number) => tabHref(id, tab, p, kind) };
  return (
    <div data-testid="user-profile">
      <div className="relative h-40 overflow-hidden sm:h-56" data-testid="profile-background">
        {u.background_url ? (
          <img src={u.background_url} alt="" className="absolute inset-0 size-full object-cover" />
        ) : (
          <>
            <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(600px_200px_at_20%_100%,rgb(245_165_36/0.35),transparent),radial-gradient(500px_220px_at_90%_0%,rgb(108_182_255/0.25),transparent)]" />
            <div aria-hidden="true" className="absolute inset-0 bg-[linear-gradient(115deg,transparent_0_40%,rgb(255_255_255/0.03)_40%_60%,transparent_60%)]" />
          </>
        )}
        {/* The image may be bright: the header below stays readable over a fade to the page's ink. */}
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-ink-950 to-transparent" />
      </div>
      <div className="relative mx-auto max-w-5xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start" data-guide="profile">
          {u.avatar_url ? (
            <img src={u.avatar_url} alt="" className="-mt-14 size-28 rounded-2xl object-cover ring-4 ring-ink-950" />
          ) : (
            <span aria-hidden="true" className="-mt-14 grid size-28 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-accent to-[#e4572e] text-5xl font-black text-accent-ink ring-4 ring-ink-950">
              {initial}
            </span>
          )}
          <div className="min-w-0 flex-1 sm:pt-3">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-fg sm:text-3xl">
              {u.nickname}
              {u.role !== 'user' ? <span className="rounded-full bg-info/15 px-2 py-0.5 text-xs font-semibold text-info">{t(`users.role_${u.role}`)}</span> : null}
            </h1>
            <p className="mt-1 text-sm text-muted">{t('users.joined', { date: joined })}</p>
          </div>
          {isSelf ? (
            <div className="flex flex-col items-start gap-2 sm:items-end sm:pt-3">
              <Link to={paths.profile} className={buttonClass('secondary')}>{t('users.edit_profile')}</Link>
              <BackgroundControls accountId={u.id} current={u.background_url} />
            </div>
          ) : service.data ? (
            <div className="sm:pt-3">
              <PeopleActions id={id} />
            </div>
          ) : null}
        </div>
        <Card className="mt-6 p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-subtle">{t('users.about')}</h2>
          <p className="mt-2 whitespace-pre-line text-fg/90">{u.introduction || t('users.no_introduction')}</p>
        </Card>
        <LinkTabs
          className="mt-6"
          testId="profile-tabs"
          label={t('users.tabs_label')}
          active={tab}
          tabs={TABS.map((key) => ({ key, label: t(`users.tab_${key}`), to: tabHref(id, key) }))}
        />
        <div className="mt-5 pb-10" data-testid={`profile-tab-${tab}`}>
          {tab === 'games' ? <><ProfileGames {...tabProps} /><SteamLibrary userId={id} /></>
            : tab === 'achievements' ? <ProfileAchievements userId={id} isSelf={isSelf} />
            : tab === 'steam_reviews' ? <ProfileSteamReviews {...tabProps} showsToOthers={isSelf ? (me?.show_steam_review ?? null) : null} />
            : tab === 'posts' ? <ProfilePosts {...tabProps} type="Post" />
            : tab === 'reviews' ? <ProfilePosts {...tabProps} type="Review" />
            : tab === 'friends' ? <ProfileFriends {...tabProps} kind={kind} kindHref={(k) => tabHref(id, 'friends', 1, k)} />
            : <ProfileComments {...tabProps} replies={tab === 'replies'} />}
        </div>
      </div>
    </div>
  );
}
