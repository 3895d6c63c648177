import type { Area } from '@lantern/domain';

/**
 * The server switch (docs/product/catalogue.md#custom-layouts-and-layout-packs): which parts of the store a client should show on a site. A switch is on
 * when its feature exists on the server; the web hides what is off instead of calling endpoints that are
 * not there. Features turn on here as their modules land.
 */
const SWITCHES = {
  accounts: true,
  store: true,
  search: true,
  wishlist: true,
  peripheral_shop: true,
  custom_layouts: true,
  cart: false,
  orders: false,
  seckill: false,
  coupons: false,
  gift_packs: false,
  point_redeem: false,
  lottery: false,
  red_packets: false,
  community: false,
  headlines: false,
  messages: false,
} as const satisfies Record<string, boolean>;

export function serverSwitches(area: Area) {
  return { area, switches: { ...SWITCHES } };
}
