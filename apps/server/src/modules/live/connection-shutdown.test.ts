import { describe, expect, it } from 'vitest';
import { LiveConnection } from './connection.ts';

/** What a browser's stream receives when its instance stops (SIGTERM, platform/shutdown.ts). */
describe('a live stream ended by a stopping instance', () => {
  it('asks the browser to reconnect within a second, then ends; nothing is written after', async () => {
    const frames: string[] = [];
    let ended = 0;
    const connection = new LiveConnection(7, { write: (frame) => (frames.push(frame), true), close: () => void ended++ }, {
      positions: async () => ({ own: 0, everyone: 0 }),
      between: async () => [],
    }, async () => true);
    await connection.start(null);
    frames.length = 0;

    connection.closeForShutdown();
    connection.closeForShutdown();
    expect(frames).toHaveLength(1);
    const retry = Number(frames[0]!.match(/^retry: (\d+)\n\n$/)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(0);
    expect(retry).toBeLessThan(1000);
    expect(ended).toBe(1);
    expect(connection.isClosed).toBe(true);
  });
});
