/**
 * Every HTTP and WebSocket route, collected from the contexts' declarations
 * (`functions/<context>/routes.ts`, built with functions/routing.ts). The CDK stacks (infra/stacks)
 * and the local gateways (infra/local) are both built from these lists, and tests/infra checks the
 * synthesized template against them, so a route cannot exist in one runtime and not the other.
 */
import type { HttpRoute, WebSocketRoute } from './routing';
import { accountsRoutes } from './accounts/routes';
import { healthRoutes } from './health/routes';
import { contactRoutes } from './contact/routes';
import { catalogueRoutes } from './catalogue/routes';
import { propertiesRoutes } from './properties/routes';
import { adminRoutes } from './admin/routes';
import { cartRoutes } from './cart/routes';
import { samplesRoutes } from './samples/routes';
import { ordersRoutes } from './orders/routes';
import { paymentsRoutes } from './payments/routes';
import { chatRoutes, chatSocketRoutes } from './chat/routes';
import { punchoutRoutes } from './punchout/routes';
import { webhooksRoutes } from './webhooks/routes';
import { monitorRoutes } from './monitor/routes';
import { appointmentsRoutes } from './appointments/routes';
import { careersRoutes } from './careers/routes';
import { returnsRoutes } from './returns/routes';
import { promotionsRoutes } from './promotions/routes';
import { priceMatchRoutes } from './price-match/routes';
import { customerQuotesRoutes } from './customer-quotes/routes';
import { accountInvoicesRoutes } from './account-invoices/routes';
import { realtimeSocketRoutes } from './realtime/routes';
import { auditRoutes } from './audit/routes';
import { staffRoutes } from './staff/routes';

/**
 * The order is only the templates' (the WAF's rule lists the mail-sending routes in it, the stage
 * its throttles): a new context goes at the end, so the deployed templates keep theirs.
 */
export const httpRoutes: HttpRoute[] = [
  ...accountsRoutes,
  ...healthRoutes,
  ...contactRoutes,
  ...catalogueRoutes,
  ...propertiesRoutes,
  ...adminRoutes,
  ...cartRoutes,
  ...samplesRoutes,
  ...ordersRoutes,
  ...paymentsRoutes,
  ...chatRoutes,
  ...punchoutRoutes,
  ...webhooksRoutes,
  ...monitorRoutes,
  ...appointmentsRoutes,
  ...careersRoutes,
  ...returnsRoutes,
  ...promotionsRoutes,
  ...priceMatchRoutes,
  ...customerQuotesRoutes,
  ...accountInvoicesRoutes,
  ...auditRoutes,
  ...staffRoutes,
];

/**
 * The live chat's WebSocket routes, by the `action` of a message (domain/chat/socket.ts). Every
 * route may push, and deletes the record of a connection found gone (table:write).
 */
export const webSocketRoutes: WebSocketRoute[] = [...realtimeSocketRoutes, ...chatSocketRoutes];
