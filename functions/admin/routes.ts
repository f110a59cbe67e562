import { handlersIn, PUBLIC_READS, route, staff, type HttpRoute } from '../routing';

const session = handlersIn<typeof import('./session')>('functions/admin/session.ts');
const priceGrids = handlersIn<typeof import('./price-grids')>('functions/admin/price-grids.ts');
const shopClosures = handlersIn<typeof import('./shop-closures')>('functions/admin/shop-closures.ts');
const openingHours = handlersIn<typeof import('./opening-hours')>('functions/admin/opening-hours.ts');
const volumeTables = handlersIn<typeof import('./volume-tables')>('functions/admin/volume-tables.ts');

export const adminRoutes: HttpRoute[] = [
  route('GetAdminSession', 'GET /api/admin/session', session('getAdminSession'), staff('anyStaff', [])),
  route(
    'PreviewPriceGrid',
    'POST /api/admin/price-grids/{kind}/preview',
    priceGrids('previewPriceGrid'),
    staff('prices', ['table:read']),
  ),
  route(
    'ReplacePriceGrid',
    'PUT /api/admin/price-grids/{kind}',
    priceGrids('replacePriceGrid'),
    staff('prices', ['table:read', 'table:write', 'bus:publish']),
  ),
  route(
    'ListPriceGridVersions',
    'GET /api/admin/price-grids/{kind}/versions',
    priceGrids('listPriceGridVersions'),
    staff('prices', ['table:read']),
  ),
  route(
    'DownloadPriceGridVersion',
    'GET /api/admin/price-grids/{kind}/versions/{version}',
    priceGrids('downloadPriceGridVersion'),
    staff('prices', ['table:read']),
  ),
  route(
    'ListVolumeTables',
    'GET /api/admin/volume-tiers',
    volumeTables('listVolumeTablesForStaff'),
    staff('prices', ['table:read']),
  ),
  route(
    'SaveVolumeTable',
    'POST /api/admin/volume-tiers',
    volumeTables('saveVolumeTableForStaff'),
    staff('prices', ['table:write']),
  ),
  route(
    'ListShopClosures',
    'GET /api/admin/shop-closures',
    shopClosures('listShopClosures'),
    staff('configurations', ['table:read']),
  ),
  route(
    'SaveShopClosures',
    'PUT /api/admin/shop-closures',
    shopClosures('saveShopClosures'),
    staff('configurations', ['table:write']),
  ),
  route('GetOfficeHours', 'GET /api/office-hours', openingHours('getOfficeHours'), PUBLIC_READS),
  route(
    'GetOpeningHours',
    'GET /api/admin/opening-hours',
    openingHours('getOpeningHours'),
    staff('configurations', ['table:read']),
  ),
  route(
    'SaveOpeningHours',
    'PUT /api/admin/opening-hours',
    openingHours('saveOpeningHours'),
    staff('configurations', ['table:write']),
  ),
];
