import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '@lantern/contract';
import { i18next } from '../../../i18n';
import { ProfileForm } from './ProfilePage';

beforeAll(() => i18next.changeLanguage('zh-CN'));
afterAll(() => i18next.changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const me = { id: 1, nickname: '灯笼玩家', gender: 'secret', birthday: null, introduction: '你好', configs: [] } as unknown as Me;

/** The server answers PATCH /api/me with `status` and `body`; the form is filled with `values` and saved. */
async function saveWith(status: number, body: unknown, values: { nickname?: string; introduction?: string }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  render(<QueryClientProvider client={new QueryClient()}><ProfileForm me={me} /></QueryClientProvider>);
  if (values.nickname !== undefined) fireEvent.change(screen.getByLabelText(/昵称/), { target: { value: values.nickname } });
  if (values.introduction !== undefined) fireEvent.change(screen.getByLabelText(/个人简介/), { target: { value: values.introduction } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
}

describe('<ProfileForm> refusals of public profile text', () => {
  it('puts a watched word on the nickname when only the nickname changed', async () => {
    await saveWith(422, { errors: { censor_words: ['banned'] } }, { nickname: '外挂王' });
    expect(await screen.findByText('昵称包含不允许使用的词')).toBeInTheDocument();
  });

  it('puts a watched word on the introduction when only the introduction changed', async () => {
    await saveWith(422, { errors: { censor_words: ['banned'] } }, { introduction: '卖外挂' });
    expect(await screen.findByText('个人简介包含不允许使用的词')).toBeInTheDocument();
  });

  it('says it for the form when both changed, without the field name', async () => {
    await saveWith(422, { errors: { censor_words: ['banned'] } }, { nickname: '新名字', introduction: '卖外挂' });
    expect(await screen.findByText('昵称或个人简介包含不允许使用的词')).toBeInTheDocument();
    expect(screen.queryByText(/censor_words/)).not.toBeInTheDocument();
  });

  it('tells a muted account it is muted', async () => {
    await saveWith(403, { errors: { base: ['is_mute'] }, meta: { unmute_at_timestamp: 1_900_000_000 } }, { nickname: '新名字' });
    expect(await screen.findByText(i18next.t('errors.is_mute'))).toBeInTheDocument();
  });
});
