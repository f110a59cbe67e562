import { handlersIn, route, staff, type HttpRoute } from '../routing';

const admin = handlersIn<typeof import('./admin')>('functions/webhooks/admin.ts');

export const webhooksRoutes: HttpRoute[] = [
  route('ListWebhooks', 'GET /api/admin/webhooks', admin('listWebhooks'), staff('secrets', ['table:read'])),
  route('CreateWebhook', 'POST /api/admin/webhooks', admin('createWebhook'), staff('secrets', ['table:write'])),
  route(
    'UpdateWebhook',
    'PATCH /api/admin/webhooks/{subscriptionId}',
    admin('updateWebhook'),
    staff('secrets', ['table:write']),
  ),
  route(
    'DeleteWebhook',
    'DELETE /api/admin/webhooks/{subscriptionId}',
    admin('deleteWebhook'),
    staff('secrets', ['table:write']),
  ),
  route(
    'RotateWebhookSecret',
    'POST /api/admin/webhooks/{subscriptionId}/secret',
    admin('rotateWebhookSecret'),
    staff('secrets', ['table:write']),
  ),
  // Sent from this function (never queued), so staff see the answer.
  route(
    'SendWebhookTest',
    'POST /api/admin/webhooks/{subscriptionId}/test',
    admin('sendTestWebhook'),
    staff('secrets', ['table:write']),
  ),
  route(
    'ListWebhookAttempts',
    'GET /api/admin/webhooks/{subscriptionId}/attempts',
    admin('listWebhookAttempts'),
    staff('secrets', ['table:read']),
  ),
  route(
    'ListWebhookDeadLetters',
    'GET /api/admin/webhooks/{subscriptionId}/dead-letters',
    admin('listWebhookDeadLetters'),
    staff('secrets', ['table:read']),
  ),
  route(
    'RedeliverWebhookEvent',
    'POST /api/admin/webhooks/{subscriptionId}/redeliveries',
    admin('redeliverWebhookEvent'),
    staff('secrets', ['table:write', 'webhooks:enqueue']),
  ),
];
