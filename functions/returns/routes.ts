import { MAIL_SENDING_THROTTLE, handlersIn, route, staff, type HttpRoute } from '../routing';

const returnsApi = handlersIn<typeof import('./returns-api')>('functions/returns/returns-api.ts');
const adminReturns = handlersIn<typeof import('./admin-returns')>('functions/returns/admin-returns.ts');
const adminReturnDetail = handlersIn<typeof import('./admin-return-detail')>(
  'functions/returns/admin-return-detail.ts',
);
const adminReturnTransition = handlersIn<typeof import('./admin-return-transition')>(
  'functions/returns/admin-return-transition.ts',
);

export const returnsRoutes: HttpRoute[] = [
  // storage:write: signs the presigned POST (its policy bounds the key, type and size); table:write counts it per client address.
  route('CreateReturnPhotoUpload', 'POST /api/returns/uploads', returnsApi('createReturnPhotoUpload'), {
    access: 'public',
    grants: ['table:write', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  // storage:write: a photo that is not an image is deleted.
  route('SubmitReturnRequest', 'POST /api/returns', returnsApi('submitReturn'), {
    access: 'public',
    grants: ['table:read', 'table:write', 'storage:read', 'storage:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route(
    'ListReturnRequests',
    'GET /api/admin/returns',
    adminReturns('listReturnRequests'),
    staff('ordersRead', ['table:read']),
  ),
  route(
    'GetReturnRequest',
    'GET /api/admin/returns/{returnId}',
    adminReturnDetail('getReturnRequest'),
    staff('ordersRead', ['table:read', 'storage:read']),
  ),
  route(
    'TransitionReturnRequest',
    'POST /api/admin/returns/{returnId}/transitions',
    adminReturnTransition('transitionReturnRequest'),
    staff('ordersRead', ['table:read', 'table:write', 'storage:read', 'bus:publish', 'payments']),
  ),
];
