import { handlersIn, route, staff, type HttpRoute } from '../routing';

const adminAudit = handlersIn<typeof import('./admin-audit')>('functions/audit/admin-audit.ts');

export const auditRoutes: HttpRoute[] = [
  // userPool:readUsers: each entry names the member of staff who acted.
  route(
    'ListAuditLog',
    'GET /api/admin/audit-log',
    adminAudit('listAuditLog'),
    staff('audit', ['table:read', 'userPool:readUsers']),
  ),
];
