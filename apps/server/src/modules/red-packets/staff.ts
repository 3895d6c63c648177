import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { redPacketTermsProblem } from '@lantern/domain';
import type { createRedPacketEventRequest, RedPacketEvent, updateRedPacketEventRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import { showEvent } from './packets.ts';
import { redPacketEventsChanged } from './open-rush.ts';
import { redPacketEvents } from './tables.ts';

type CreateInput = z.infer<typeof createRedPacketEventRequest>['event'];
type UpdateInput = z.infer<typeof updateRedPacketEventRequest>['event'];

const atSec = (sec: number) => new Date(sec * 1000);

/**
 * POST /api/admin/red_packet_events (admins; audited as every staff call): the terms must let every part have
 * its cent (domain `redPacketTermsProblem`), the window must end after it starts and not already be over.
 */
export async function createRedPacketEvent(deps: Deps, input: CreateInput): Promise<RedPacketEvent> {
  const now = deps.clock.now();
  const problem = redPacketTermsProblem(input.amount, input.parts);
  const errors = new FieldErrorList()
    .add('parts', problem === 'parts' ? 'invalid' : null)
    .add('amount', problem === 'amount' ? 'invalid' : null)
    .add('to_timestamp', input.to_timestamp <= input.from_timestamp || atSec(input.to_timestamp) <= now ? 'invalid' : null);
  errors.throwIfAny();
  const [row] = await deps.db.insert(redPacketEvents).values({
    area: input.area, title: input.title, amount: input.amount, parts: input.parts, packetCount: input.packet_count, packetsLeft: input.packet_count,
    fromAt: atSec(input.from_timestamp), toAt: atSec(input.to_timestamp),
    openersRegisteredAfter: input.openers_registered_after_timestamp == null ? null : atSec(input.openers_registered_after_timestamp),
    createdAt: now, updatedAt: now,
  }).returning({ id: redPacketEvents.id });
  return (await showEvent(deps, input.area, row!.id, null)).event;
}

/** PATCH /api/admin/red_packet_events/{id}: the title, the window's end, closing. Packets taken keep their terms. */
export async function updateRedPacketEvent(deps: Deps, id: number, input: UpdateInput): Promise<RedPacketEvent> {
  const area = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(redPacketEvents).where(eq(redPacketEvents.id, id)).for('update');
    if (!row) throw fail.notFound('event');
    const toAt = input.to_timestamp === undefined ? row.toAt : atSec(input.to_timestamp);
    if (toAt.getTime() <= row.fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
    await tx.update(redPacketEvents).set({ title: input.title, toAt, closed: input.closed, updatedAt: deps.clock.now() }).where(eq(redPacketEvents.id, id));
    return row.area;
  });
  // The rush answers sure refusals from the event row it read: a close or a new end must be told at once.
  redPacketEventsChanged();
  return (await showEvent(deps, area, id, null)).event;
}
