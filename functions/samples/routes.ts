import {
  MAIL_SENDING_THROTTLE,
  PUBLIC_READS,
  PUBLIC_READS_WRITES,
  handlersIn,
  route,
  staff,
  type HttpRoute,
} from '../routing';

/** Staff's moves of sample requests: each committed with its event (the outbox publishes it). */
const STAFF_MOVES = staff('samples', ['table:read', 'table:write', 'bus:publish']);

const sampleApi = handlersIn<typeof import('./sample-api')>('functions/samples/sample-api.ts');
const sampleRequestApi = handlersIn<typeof import('./sample-request-api')>('functions/samples/sample-request-api.ts');

export const samplesRoutes: HttpRoute[] = [
  route('ListSamples', 'GET /api/samples', sampleApi('getSamples'), PUBLIC_READS),
  route('GetSampleCount', 'GET /api/samples/count', sampleApi('getSampleCount'), PUBLIC_READS),
  route('AddSample', 'POST /api/samples', sampleApi('addSampleToCart'), PUBLIC_READS_WRITES),
  route('RemoveSample', 'DELETE /api/samples/{sampleId}', sampleApi('removeSampleFromCart'), PUBLIC_READS_WRITES),
  route('ClearSamples', 'DELETE /api/samples', sampleApi('clearSampleCart'), PUBLIC_READS_WRITES),
  // payments: the request's $15 sample shipping is paid on a hosted payment page made here.
  route('SubmitSampleRequest', 'POST /api/sample-requests', sampleRequestApi('submitSampleRequest'), {
    access: 'public',
    grants: ['table:read', 'table:write', 'payments'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('GetMySampleRequest', 'GET /api/sample-requests/{reference}', sampleApi('getMySampleRequest'), PUBLIC_READS),
  route(
    'ListSampleRequests',
    'GET /api/admin/sample-requests',
    sampleApi('listSampleRequestsForStaff'),
    staff('samples', ['table:read']),
  ),
  route('SendSampleRequests', 'POST /api/admin/sample-requests/send', sampleApi('sendSampleRequests'), STAFF_MOVES),
  route(
    'DeliverSampleRequests',
    'POST /api/admin/sample-requests/deliver',
    sampleApi('deliverSampleRequests'),
    STAFF_MOVES,
  ),
];
