import { ADMIN_READS, ADMIN_WRITES, handlersIn, route, type HttpRoute } from '../routing';

const admin = handlersIn<typeof import('./admin')>('functions/webhooks/admin.ts');

export const webhooksRoutes: HttpRoute[] = [
  route('ListWebhooks', 'GET /api/admin/webhooks', admin('listWebhooks'), ADMIN_READS),
  route('CreateWebhook', 'POST /api/admin/webhooks', admin('createWebhook'), ADMIN_WRITES),
  route('UpdateWebhook', 'PATCH /api/admin/webhooks/{subscriptionId}', admin('updateWebhook'), ADMIN_WRITES),
  route('DeleteWebhook', 'DELETE /api/admin/webhooks/{subscriptionId}', admin('deleteWebhook'), ADMIN_WRITES),
  route(
    'RotateWebhookSecret',
    'POST /api/admin/webhooks/{subscriptionId}/secret',
    admin('rotateWebhookSecret'),
    ADMIN_WRITES,
  ),
  // Sent from this function (never queued), so staff see the answer.
  route('SendWebhookTest', 'POST /api/admin/webhooks/{subscriptionId}/test', admin('sendTestWebhook'), ADMIN_WRITES),
  route(
    'ListWebhookAttempts',
    'GET /api/admin/webhooks/{subscriptionId}/attempts',
    admin('listWebhookAttempts'),
    ADMIN_READS,
  ),
  route(
    'ListWebhookDeadLetters',
    'GET /api/admin/webhooks/{subscriptionId}/dead-letters',
    admin('listWebhookDeadLetters'),
    ADMIN_READS,
  ),
  route(
    'RedeliverWebhookEvent',
    'POST /api/admin/webhooks/{subscriptionId}/redeliveries',
    admin('redeliverWebhookEvent'),
    {
      access: 'admin',
      grants: ['table:write', 'webhooks:enqueue'],
    },
  ),
];
