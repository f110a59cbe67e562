import { ADMIN_READS, ADMIN_WRITES, handlersIn, route, type HttpRoute } from '../routing';

const session = handlersIn<typeof import('./session')>('functions/admin/session.ts');
const priceGrids = handlersIn<typeof import('./price-grids')>('functions/admin/price-grids.ts');
const shopClosures = handlersIn<typeof import('./shop-closures')>('functions/admin/shop-closures.ts');
const volumeTables = handlersIn<typeof import('./volume-tables')>('functions/admin/volume-tables.ts');

export const adminRoutes: HttpRoute[] = [
  route('GetAdminSession', 'GET /api/admin/session', session('getAdminSession'), { access: 'admin', grants: [] }),
  route('PreviewPriceGrid', 'POST /api/admin/price-grids/{kind}/preview', priceGrids('previewPriceGrid'), ADMIN_READS),
  route('ReplacePriceGrid', 'PUT /api/admin/price-grids/{kind}', priceGrids('replacePriceGrid'), {
    access: 'admin',
    grants: ['table:read', 'table:write', 'bus:publish'],
  }),
  route(
    'ListPriceGridVersions',
    'GET /api/admin/price-grids/{kind}/versions',
    priceGrids('listPriceGridVersions'),
    ADMIN_READS,
  ),
  route(
    'DownloadPriceGridVersion',
    'GET /api/admin/price-grids/{kind}/versions/{version}',
    priceGrids('downloadPriceGridVersion'),
    ADMIN_READS,
  ),
  route('ListVolumeTables', 'GET /api/admin/volume-tiers', volumeTables('listVolumeTablesForStaff'), ADMIN_READS),
  route('SaveVolumeTable', 'POST /api/admin/volume-tiers', volumeTables('saveVolumeTableForStaff'), ADMIN_WRITES),
  route('ListShopClosures', 'GET /api/admin/shop-closures', shopClosures('listShopClosures'), ADMIN_READS),
  route('SaveShopClosures', 'PUT /api/admin/shop-closures', shopClosures('saveShopClosures'), ADMIN_WRITES),
];
