/**
 * mulberry32: a small seeded generator of floats in [0, 1). The sandboxes use it so the same seed (an app, a
 * SteamID) always answers the same believable data; each hashes its own seed into the 32-bit start.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
