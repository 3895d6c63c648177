import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { WEB_PAGES } from '@lantern/contract';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../i18n';
import { queryKeys } from '../lib/query-keys';
import { testQueryClient } from '../test/queryClient';
import { SignUpPage } from '../features/auth/components/SignUpPage';
import { LegalDocument } from '../features/legal/components/LegalDocument';
import { Footer } from './Footer';
import { Header } from './Header';
import { paths } from '../lib/paths';
import { UserCenterLayout } from '../features/user-center/components/UserCenterLayout';
import { createRouter } from './router';

/**
 * No dead links (docs/product/screens.md#routes): the router's pages are exactly the contract's WEB_PAGES (which
 * the server answers 200 for, and 404 for anything else), and every address the header, the footer and the
 * path builders make opens one of them.
 */
const { client } = testQueryClient();
const routes = createRouter(client).routes as RouteObject[];

function patternsOf(list: readonly RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path ? [r.path] : []), ...patternsOf(r.children ?? [])]);
}

/** The page an internal address opens, or null when only the catch-all (the way to /404) takes it. */
function pageOf(href: string): string | null {
  const { pathname } = new URL(href, 'http://localhost:3000');
  const match = matchRoutes(routes, pathname)?.at(-1);
  return match && match.route.path !== '*' ? (match.route.path ?? null) : null;
}

/** Every internal link's address in what is on screen. */
const internalLinks = () =>
  [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((href) => href.startsWith('/'));

beforeEach(() => {
  // The header asks for counts and badges; a guest's calls are not what these tests look at.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ errors: { base: ['unauthorized'] } }), { status: 401, headers: { 'content-type': 'application/json' } })));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function renderShell(element: React.ReactElement, me: { id: number } | null = null) {
  const { client: shellClient } = testQueryClient();
  shellClient.setQueryData(queryKeys.me.all, me);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={shellClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the web pages and the links between them', () => {
  it("has exactly the contract's pages in its router", () => {
    const routed = patternsOf(routes).filter((p) => p !== '*');
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...new Set(Object.values(WEB_PAGES))].sort());
  });

  it('builds every path to a page of the router', () => {
    const built = Object.entries(paths).flatMap(([name, entry]) => {
      if (name === 'cartConfirm') return [];
      if (typeof entry === 'string') return entry.includes(':') ? [entry.replace(/:[a-z]+/gi, '7')] : [entry];
      return [(entry as (...args: unknown[]) => string)(7, 'posts', 2)];
    });
    built.push(paths.cartConfirm({ skuIds: [1, 2], cate: 'game' }), paths.talksOf('all'), paths.messagesTab('like'), paths.searchFor('x'));
    expect(built.filter((href) => pageOf(href) === null)).toEqual([]);
  });

  it('links only to pages from the footer, including the terms and the privacy policy', () => {
    renderShell(<Footer />);
    const links = internalLinks();
    expect(links).toEqual(expect.arrayContaining([paths.terms, paths.privacy, paths.notices]));
    expect(links.filter((href) => pageOf(href) === null)).toEqual([]);
  });

  it("links only to pages from a guest's header", () => {
    renderShell(<Header />);
    const links = internalLinks();
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((href) => pageOf(href) === null)).toEqual([]);
  });

  it("links only to pages from the user centre's menu", () => {
    renderShell(<UserCenterLayout />, { id: 9 });
    const links = internalLinks();
    expect(links).toEqual(expect.arrayContaining([paths.orders, paths.wallet, paths.security]));
    expect(links.filter((href) => pageOf(href) === null)).toEqual([]);
  });

  it('an address no page has is found by none (the catch-all sends it to /404)', () => {
    expect(pageOf('/no-such-page')).toBeNull();
    expect(pageOf('/posts/1/nothing')).toBeNull();
  });
});

describe('the legal pages', () => {
  it.each(['en', 'zh-CN'] as const)('shows the terms as the store\'s own, every section listed and linked, in %s', async (language) => {
    await i18next.changeLanguage(language);
    renderShell(<LegalDocument doc="terms" />);
    const page = screen.getByTestId('legal-terms');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(language === 'en' ? 'Terms of Service' : '服务条款');
    expect(within(page).getByRole('note')).toHaveTextContent(language === 'en' ? "Lantern's own terms" : '由灯笼游戏制定');
    const sections = within(page).getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(8);
    const toc = within(page).getByRole('navigation');
    expect(within(toc).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(sections.map((h) => `#${h.closest('section')!.id}`));
    expect(within(page).getByRole('link', { name: language === 'en' ? 'Privacy Policy' : '隐私政策' })).toHaveAttribute('href', paths.privacy);
    expect(document.title).toBe(`${language === 'en' ? 'Terms of Service' : '服务条款'} · 灯笼游戏`);
  });

  it("links the sign-up form's agreement to both, in a new tab so the form keeps what was typed", () => {
    renderShell(<SignUpPage />);
    expect(screen.getByTestId('sign-up-terms')).toHaveAttribute('href', paths.terms);
    expect(screen.getByTestId('sign-up-terms')).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('sign-up-privacy')).toHaveAttribute('href', paths.privacy);
  });

  it('shows the privacy policy with a way back to the terms', () => {
    renderShell(<LegalDocument doc="privacy" />);
    const page = screen.getByTestId('legal-privacy');
    expect(within(page).getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(within(page).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', paths.terms);
  });
});
