import { handlersIn, route, staff, type HttpRoute } from '../routing';

const monitorApi = handlersIn<typeof import('./monitor-api')>('functions/monitor/monitor-api.ts');
const deadLetters = handlersIn<typeof import('./dead-letters')>('functions/monitor/dead-letters.ts');

export const monitorRoutes: HttpRoute[] = [
  route(
    'GetSystemMonitor',
    'GET /api/admin/monitor',
    monitorApi('getSystemMonitor'),
    staff('operations', ['table:read']),
  ),
  route(
    'RunIntegrationTests',
    'POST /api/admin/monitor/integration-tests',
    monitorApi('runIntegrationTests'),
    staff('operations', ['table:write']),
  ),
  route(
    'ListDeadLetters',
    'GET /api/admin/dead-letters',
    deadLetters('listDeadLettersForStaff'),
    staff('operations', ['table:read']),
  ),
  route(
    'RetryDeadLetter',
    'POST /api/admin/dead-letters/{deadLetterId}/retry',
    deadLetters('retryDeadLetter'),
    staff('operations', ['table:write', 'consumers:invoke']),
  ),
];
