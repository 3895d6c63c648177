import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@lantern/contract';
import { i18next } from '../../../i18n';
import { SteamReviewSwitch, WatermarkSwitch } from './ProfilePage';

beforeAll(() => i18next.changeLanguage('zh-CN'));
afterAll(() => i18next.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const me = (value: 'open' | 'close') => ({ id: 1, configs: [{ kind: 'upload', key: 'water_mark', value }] }) as unknown as Me;

describe('<WatermarkSwitch>', () => {
  it('shows the water_mark config as a switch and saves the opposite at once', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(me('open')), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<QueryClientProvider client={new QueryClient()}><WatermarkSwitch me={me('close')} /></QueryClientProvider>);
    const toggle = screen.getByRole('switch', { name: '上传图片时添加水印' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/me\?/);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ account: { water_mark: true } });
  });
});

describe('<SteamReviewSwitch>', () => {
  it('shows show_steam_review as a switch and saves the opposite at once', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 1, show_steam_review: false, configs: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<QueryClientProvider client={new QueryClient()}><SteamReviewSwitch me={{ id: 1, show_steam_review: true, configs: [] } as unknown as Me} /></QueryClientProvider>);
    const toggle = screen.getByRole('switch', { name: '展示我的 Steam 评测' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ account: { show_steam_review: false } });
  });
});
