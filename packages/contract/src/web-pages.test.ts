import { describe, expect, it } from 'vitest';
import { matchWebPage } from './web-pages.ts';

describe('matchWebPage', () => {
  it('finds the page of a path, with its parameters', () => {
    expect(matchWebPage('/')).toEqual({ page: 'root', params: {} });
    expect(matchWebPage('/posts/12')).toEqual({ page: 'post', params: { id: '12' } });
    expect(matchWebPage('/posts/12/edit')).toEqual({ page: 'editPost', params: { id: '12' } });
    expect(matchWebPage('/oauth/steam/callback')).toEqual({ page: 'oauthCallback', params: { kind: 'steam' } });
    expect(matchWebPage('/community/')).toEqual({ page: 'community', params: {} });
  });

  it('prefers a literal page over a parameter in the same place', () => {
    expect(matchWebPage('/headlines/drafts')?.page).toBe('headlineDrafts');
    expect(matchWebPage('/headlines/7')?.page).toBe('headline');
    expect(matchWebPage('/messages/new')?.page).toBe('newConversation');
  });

  it('finds no page for an unknown path, a deeper one, or a broken escape', () => {
    for (const path of ['/nothing', '/posts', '/posts/1/2', '/sku/1/extra', '//', '/users/%E0%A4%A']) expect(matchWebPage(path), path).toBeNull();
  });
});
