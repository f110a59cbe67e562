import { PUBLIC_READS, handlersIn, route, type HttpRoute, type RouteThrottle } from '../routing';

/** Up to 500 windows priced per request: a few requests a second are plenty for property managers. */
const BULK_QUOTES_THROTTLE: RouteThrottle = { rateLimit: 5, burstLimit: 10 };

const getCatalogue = handlersIn<typeof import('./get-catalogue')>('functions/catalogue/get-catalogue.ts');
const getPriceGrids = handlersIn<typeof import('./get-price-grids')>('functions/catalogue/get-price-grids.ts');
const getStartingPrices = handlersIn<typeof import('./get-starting-prices')>(
  'functions/catalogue/get-starting-prices.ts',
);
const createQuotes = handlersIn<typeof import('./create-quotes')>('functions/catalogue/create-quotes.ts');
const deliveryEstimate = handlersIn<typeof import('./delivery-estimate')>('functions/catalogue/delivery-estimate.ts');
const volumeTiers = handlersIn<typeof import('./volume-tiers-api')>('functions/catalogue/volume-tiers-api.ts');

export const catalogueRoutes: HttpRoute[] = [
  route('GetCatalogue', 'GET /api/catalogue', getCatalogue('getCatalogue'), PUBLIC_READS),
  route('GetPriceGrids', 'GET /api/price-grids', getPriceGrids('getPriceGrids'), PUBLIC_READS),
  route('GetVolumeTiers', 'GET /api/volume-tiers', volumeTiers('getVolumeTiers'), PUBLIC_READS),
  route('GetDeliveryEstimate', 'GET /api/delivery-estimate', deliveryEstimate('getDeliveryEstimate'), PUBLIC_READS),
  route('GetStartingPrices', 'GET /api/starting-prices', getStartingPrices('getStartingPrices'), PUBLIC_READS),
  route('CreateQuotes', 'POST /api/quotes', createQuotes('createQuotes'), {
    ...PUBLIC_READS,
    throttle: BULK_QUOTES_THROTTLE,
  }),
];
