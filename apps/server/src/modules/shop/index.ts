/**
 * The peripheral shop: its home, nav tags, a tag's products, categories; and peripherals' stock, taken by
 * orders' checkout through the reservation registered in `setup` and given back when an order ends unpaid.
 */
import type { ServerModule } from '../../platform/module.ts';
import { registerLineReservation, registerOrderReleaseStep } from '../orders/index.ts';
import { shopRoutes } from './routes.ts';
import { returnPeripheralStock, takePeripheralStock } from './stock.ts';
import * as tables from './tables.ts';

export const shopModule: ServerModule = {
  name: 'shop',
  routes: shopRoutes,
  tables,
  features: ['peripheral_shop'],
  setup() {
    registerLineReservation(takePeripheralStock);
    registerOrderReleaseStep(returnPeripheralStock);
  },
};

export { peripheralStockOf, setPeripheralStock } from './stock.ts';
