import { handlersIn, route, type HttpRoute } from '../routing';

const getHealth = handlersIn<typeof import('./get-health')>('functions/health/get-health.ts');

export const healthRoutes: HttpRoute[] = [
  route('GetHealth', 'GET /api/health', getHealth('getHealth'), {
    access: 'public',
    grants: ['table:read', 'userPool:read', 'storage:read', 'bus:describe'],
  }),
];
