import { ADMIN_READS, ADMIN_WRITES, PUBLIC_READS, handlersIn, route, type HttpRoute } from '../routing';

const admin = handlersIn<typeof import('./admin')>('functions/promotions/admin.ts');
const salesApi = handlersIn<typeof import('./sales-api')>('functions/promotions/sales-api.ts');

export const promotionsRoutes: HttpRoute[] = [
  route('ListSales', 'GET /api/promotions/sales', salesApi('listSales'), PUBLIC_READS),
  route('ListPromotions', 'GET /api/admin/promotions', admin('listPromotionsForStaff'), ADMIN_READS),
  route('CreatePromotion', 'POST /api/admin/promotions', admin('createPromotionForStaff'), ADMIN_WRITES),
  route('ReadPromotion', 'GET /api/admin/promotions/{promotionId}', admin('readPromotionForStaff'), ADMIN_READS),
  route('UpdatePromotion', 'PATCH /api/admin/promotions/{promotionId}', admin('updatePromotionForStaff'), ADMIN_WRITES),
  route('EndPromotion', 'POST /api/admin/promotions/{promotionId}/end', admin('endPromotionForStaff'), ADMIN_WRITES),
];
