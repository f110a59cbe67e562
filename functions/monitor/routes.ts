import { ADMIN_READS, ADMIN_WRITES, handlersIn, route, type HttpRoute } from '../routing';

const monitorApi = handlersIn<typeof import('./monitor-api')>('functions/monitor/monitor-api.ts');
const deadLetters = handlersIn<typeof import('./dead-letters')>('functions/monitor/dead-letters.ts');

export const monitorRoutes: HttpRoute[] = [
  route('GetSystemMonitor', 'GET /api/admin/monitor', monitorApi('getSystemMonitor'), ADMIN_READS),
  route(
    'RunIntegrationTests',
    'POST /api/admin/monitor/integration-tests',
    monitorApi('runIntegrationTests'),
    ADMIN_WRITES,
  ),
  route('ListDeadLetters', 'GET /api/admin/dead-letters', deadLetters('listDeadLettersForStaff'), ADMIN_READS),
  route('RetryDeadLetter', 'POST /api/admin/dead-letters/{deadLetterId}/retry', deadLetters('retryDeadLetter'), {
    access: 'admin',
    grants: ['table:write', 'consumers:invoke'],
  }),
];
