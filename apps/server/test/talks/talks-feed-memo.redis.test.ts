import { describe, expect, it } from 'vitest';
import { PEOPLE_API, TALKS_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { twoInstances } from '../support/two-instances.ts';

/**
 * With Redis only (without it each instance keeps its own lists for their few seconds). Whom a reader follows and the groups they joined are kept per instance for a few seconds for their feed
 * (FOLLOW_LIST_MEMO_SECONDS, JOINED_GROUPS_MEMO_SECONDS); a follow, unfollow, block, join or leave forgets them on
 * every instance at once, so the feed read anywhere right after the change already shows it.
 */
const pair = twoInstances();

describe('the feed after a change of whom one follows', () => {
  it('shows it at once on the instance that made it and on the other, though both kept the old lists', async () => {
    const [one, other] = [clients(pair.first).native, clients(pair.second).native];
    const [reader, author, member] = [await makeAccount(pair.first), await makeAccount(pair.first), await makeAccount(pair.first)];
    const { group } = await makeGroup(pair.first);
    const talkOf = async (who: typeof reader, content: string, extra: Record<string, unknown> = {}) =>
      (await one.post(TALKS_API.talks, { talk: { content, ...extra } }, { token: who.token })).json().talk.id as number;
    const byAuthor = await talkOf(author, 'by the author');
    const inGroup = await talkOf(member, 'in the group', { group_id: group.id });
    const feed = async (client: typeof one) => {
      const res = await client.get(TALKS_API.talks, { query: { feed: 'following' }, token: reader.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().talks.map((x: { id: number }) => x.id) as number[];
    };
    // Heard by the other instance: waited for as an event, never by sleeping.
    const heard = (channel: string, accountId: number) => new Promise<void>((resolve) => {
      void pair.second.deps.kv.subscribe(channel, (message) => { if (message === String(accountId)) resolve(); });
    });
    // Both instances keep the reader's empty lists.
    expect(await feed(one)).toEqual([]);
    expect(await feed(other)).toEqual([]);

    let told: Promise<unknown> = Promise.all([heard('people:follows', reader.id), heard('community:joined-groups', reader.id)]);
    expect((await one.post(PEOPLE_API.friends(author.id), undefined, { token: reader.token })).statusCode).toBe(200);
    expect((await one.post(`/api/groups/${group.id}/join`, undefined, { token: reader.token })).statusCode).toBe(200);
    await told;
    expect(await feed(one)).toEqual([inGroup, byAuthor]);
    expect(await feed(other)).toEqual([inGroup, byAuthor]);

    told = Promise.all([heard('people:follows', reader.id), heard('community:joined-groups', reader.id)]);
    expect((await other.delete(PEOPLE_API.follow(author.id), { token: reader.token })).statusCode).toBe(200);
    expect((await other.delete(`/api/groups/${group.id}/join`, { token: reader.token })).statusCode).toBe(200);
    await told;
    expect(await feed(one)).toEqual([]);
    expect(await feed(other)).toEqual([]);

    // A block by the author ends the reader's follow: the reader's feed forgets the author too.
    told = Promise.all([heard('people:follows', reader.id)]);
    expect((await one.post(PEOPLE_API.friends(author.id), undefined, { token: reader.token })).statusCode).toBe(200);
    await told;
    expect(await feed(other)).toEqual([byAuthor]);
    told = Promise.all([heard('people:follows', reader.id)]);
    expect((await one.post(PEOPLE_API.blockAdd, { blockAccountId: reader.id }, { token: author.token })).statusCode).toBe(200);
    await told;
    expect(await feed(other)).toEqual([]);
  });
});
