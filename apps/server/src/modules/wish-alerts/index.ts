/**
 * Wish-list alerts (docs/product/messaging.md#wish-alert): a periodic job that tells a wisher when a wished game's
 * price drops or it is released, at most once a week per game. Above catalog (the wishes and prices, through
 * its service), accounts (the e-mail address) and notifications (the centre, the settings).
 */
import type { ServerModule } from '../../platform/module.ts';
import { wishAlertsJob } from './alerts.ts';
import * as tables from './tables.ts';

export const wishAlertsModule: ServerModule = { name: 'wish-alerts', jobs: [wishAlertsJob], tables };

export { runWishAlerts } from './alerts.ts';
