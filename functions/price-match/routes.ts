import { CUSTOMER_READS, MAIL_SENDING_THROTTLE, handlersIn, route, staff, type HttpRoute } from '../routing';

const priceMatchApi = handlersIn<typeof import('./price-match-api')>('functions/price-match/price-match-api.ts');
const admin = handlersIn<typeof import('./admin-price-matches')>('functions/price-match/admin-price-matches.ts');

export const priceMatchRoutes: HttpRoute[] = [
  // Mails staff and the customer (PriceMatchRequested, committed with the request and published after).
  route('RequestPriceMatch', 'POST /api/price-matches', priceMatchApi('requestPriceMatch'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('ListMyPriceMatches', 'GET /api/price-matches', priceMatchApi('listMyPriceMatches'), CUSTOMER_READS),
  route(
    'ListPriceMatches',
    'GET /api/admin/price-matches',
    admin('listPriceMatchesForStaff'),
    staff('promotions', ['table:read']),
  ),
  // Makes the promotion of an approval in the decision's transaction; PriceMatchDecided mails the customer.
  route(
    'DecidePriceMatch',
    'POST /api/admin/price-matches/{priceMatchId}/decision',
    admin('decidePriceMatchForStaff'),
    staff('promotions', ['table:read', 'table:write', 'bus:publish']),
  ),
];
