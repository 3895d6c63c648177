import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A hang detector, not a speed bound: the million-split property test of red packets takes about a second
    // alone and passed 5 s (vitest's default) on a shared two-core machine under load.
    testTimeout: 20_000,
  },
});
