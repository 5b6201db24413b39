/**
 * The back office's areas (overview, orders, payouts, settings, shipping): each is a folder with
 * its routes, pages and texts, registered here, in this order, with the shared OfficeContext
 * (context.ts).
 */
import type { AreaRoutes } from './context.js';
import { overviewArea } from './overview/routes.js';
import { ordersArea } from './orders/routes.js';
import { payoutsArea } from './payouts/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { shippingRoutes } from './shipping/routes.js';

export type { AreaRoutes };

export const AREA_ROUTES: readonly AreaRoutes[] = [overviewArea, ordersArea, payoutsArea, settingsRoutes, shippingRoutes];
