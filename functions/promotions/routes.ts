import { PUBLIC_READS, handlersIn, route, staff, type HttpRoute } from '../routing';

const admin = handlersIn<typeof import('./admin')>('functions/promotions/admin.ts');
const salesApi = handlersIn<typeof import('./sales-api')>('functions/promotions/sales-api.ts');

export const promotionsRoutes: HttpRoute[] = [
  route('ListSales', 'GET /api/promotions/sales', salesApi('listSales'), PUBLIC_READS),
  route(
    'ListPromotions',
    'GET /api/admin/promotions',
    admin('listPromotionsForStaff'),
    staff('promotions', ['table:read']),
  ),
  route(
    'CreatePromotion',
    'POST /api/admin/promotions',
    admin('createPromotionForStaff'),
    staff('promotions', ['table:write']),
  ),
  route(
    'ReadPromotion',
    'GET /api/admin/promotions/{promotionId}',
    admin('readPromotionForStaff'),
    staff('promotions', ['table:read']),
  ),
  route(
    'UpdatePromotion',
    'PATCH /api/admin/promotions/{promotionId}',
    admin('updatePromotionForStaff'),
    staff('promotions', ['table:write']),
  ),
  route(
    'EndPromotion',
    'POST /api/admin/promotions/{promotionId}/end',
    admin('endPromotionForStaff'),
    staff('promotions', ['table:write']),
  ),
];
