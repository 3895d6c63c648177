import { expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { twoInstances } from '../support/two-instances.ts';
import { WORDS_REFRESH_SECONDS, screenText } from '../../src/modules/moderation/index.ts';

/**
 * Two instances on one database: each keeps its own copy of the watched words. A staff change made on one is
 * seen by the other at the latest after WORDS_REFRESH_SECONDS on any store (at once with Redis: the
 * .redis test).
 */
const instances = twoInstances();

it('sees a word staff added on the other instance once its copy is refreshed', async () => {
  const { first: t, second } = instances;
  expect((await screenText(second.deps, ['no mercy for griefers'], 'abroad')).action).toBe('allow');
  const staff = await makeAccount(t, { role: 'staff', area: 'abroad' });
  const res = await clients(t).abroad.post(MODERATION_API.adminWatchedWords, { watched_word: { word: 'griefers', action: 'block' } }, { token: staff.token });
  expect(res.statusCode).toBe(201);
  // The instance that made the change knows at once.
  await expect(screenText(t.deps, ['no mercy for griefers'], 'abroad')).rejects.toMatchObject({ status: 422 });
  t.clock.advance(WORDS_REFRESH_SECONDS);
  await expect(screenText(second.deps, ['no mercy for griefers'], 'abroad')).rejects.toMatchObject({ status: 422, errors: { censor_words: ['banned'] } });
});
