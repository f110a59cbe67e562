import {
  ADMIN_READS,
  MAIL_SENDING_THROTTLE,
  PUBLIC_READS,
  PUBLIC_READS_WRITES,
  PUBLIC_READS_WRITES_PUBLISHES,
  handlersIn,
  route,
  type HttpRoute,
} from '../routing';

const sampleApi = handlersIn<typeof import('./sample-api')>('functions/samples/sample-api.ts');

export const samplesRoutes: HttpRoute[] = [
  route('ListSamples', 'GET /api/samples', sampleApi('getSamples'), PUBLIC_READS),
  route('GetSampleCount', 'GET /api/samples/count', sampleApi('getSampleCount'), PUBLIC_READS),
  route('AddSample', 'POST /api/samples', sampleApi('addSampleToCart'), PUBLIC_READS_WRITES),
  route('RemoveSample', 'DELETE /api/samples/{sampleId}', sampleApi('removeSampleFromCart'), PUBLIC_READS_WRITES),
  route('ClearSamples', 'DELETE /api/samples', sampleApi('clearSampleCart'), PUBLIC_READS_WRITES),
  route('SubmitSampleRequest', 'POST /api/sample-requests', sampleApi('submitSampleRequest'), {
    ...PUBLIC_READS_WRITES_PUBLISHES,
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('ListSampleRequests', 'GET /api/admin/sample-requests', sampleApi('listSampleRequestsForStaff'), ADMIN_READS),
];
