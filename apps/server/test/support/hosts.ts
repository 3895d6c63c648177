/**
 * Host names that resolve to each site in tests (through the SITE_HOSTS map). A module of its own, so a file that
 * needs only them (the production set-up's test, the live stream's client) does not load the whole app with the harness.
 */
export const HOSTS = { native: 'cn.lantern.test', abroad: 'global.lantern.test' } as const;
