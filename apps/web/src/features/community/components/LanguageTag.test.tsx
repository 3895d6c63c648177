import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n';
import { RichText } from './RichText';
import { PostCard } from '../../../ui/PostCard';

afterAll(() => i18next.changeLanguage('en'));

const post = (title: string, excerpt: string) => ({
  id: 7, account_id: 2, author: { id: 2, nickname: 'alice', avatar_url: null, title: null }, group_id: 4,
  group: { id: 4, name: { en: 'Lantern Tales', chs: '灯笼物语' } }, type: 'Post', is_long: false, title, content: '',
  excerpt, tag_id: null, sticky_sequence: 0, locked: false, featured: false, score: null, recommend: null, playtime_hours: null,
  bought_here: false, sku_id: null, area: 'native', likes_count: 0, comments_count: 0, official_comment: null, own: false, moderation_state: 'published',
  created_at_timestamp: 1_790_000_000, updated_at_timestamp: 1_790_000_000, published_at_timestamp: 1_790_000_000,
}) as unknown as Parameters<typeof PostCard>[0]['post'];

const card = (p: ReturnType<typeof post>) => {
  render(<MemoryRouter><ul><PostCard post={p} /></ul></MemoryRouter>);
  return screen.getByTestId('community-post');
};

describe('writing in the other language than the page', () => {
  it('is named on a post card, with its lang, on the English page', async () => {
    await i18next.changeLanguage('en');
    const c = card(post('通关心得', '第一章的河流关卡非常有意思'));
    expect(within(c).getByTestId('language-tag')).toHaveTextContent('In Chinese');
    expect(within(c).getByText('第一章的河流关卡非常有意思')).toHaveAttribute('lang', 'zh-CN');
  });

  it('is not named when it is in the page language', async () => {
    await i18next.changeLanguage('zh-CN');
    const c = card(post('通关心得', '第一章的河流关卡非常有意思'));
    expect(within(c).queryByTestId('language-tag')).toBeNull();
    expect(within(c).getByText('第一章的河流关卡非常有意思')).not.toHaveAttribute('lang');
  });

  it('is named above rich text (a post or talk page) on the Chinese page', async () => {
    await i18next.changeLanguage('zh-CN');
    render(<RichText html="<p>Speedrun tonight, <b>who is in</b>?</p>" />);
    expect(screen.getByTestId('language-tag')).toHaveTextContent('英文');
    expect(screen.getByText(/Speedrun tonight/).closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
