import { expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { twoInstances } from '../support/two-instances.ts';
import { screenText } from '../../src/modules/moderation/index.ts';

/** With Redis only: a staff change to the watched words reaches the other instance at once, through pub/sub. */
const instances = twoInstances();

it('drops the other instance\'s copy of the words as soon as staff change them', async () => {
  const { first: t, second } = instances;
  expect((await screenText(second.deps, ['selling smurf accounts'], 'native')).action).toBe('allow');
  // Subscribed before: the message is waited for as an event, never by sleeping.
  const heard = new Promise<void>((resolve) => {
    void second.deps.kv.subscribe('moderation:words', () => resolve());
  });
  const staff = await makeAccount(t, { role: 'staff' });
  const res = await clients(t).native.post(MODERATION_API.adminWatchedWords, { watched_word: { word: 'smurf', action: 'flag' } }, { token: staff.token });
  expect(res.statusCode).toBe(201);
  await heard;
  expect(await screenText(second.deps, ['selling smurf accounts'], 'native')).toMatchObject({ action: 'flag', words: ['smurf'] });
});
