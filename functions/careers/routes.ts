import { MAIL_SENDING_THROTTLE, handlersIn, route, staff, type HttpRoute } from '../routing';

const jobApplications = handlersIn<typeof import('./job-applications')>('functions/careers/job-applications.ts');

export const careersRoutes: HttpRoute[] = [
  // storage:write: the presigned POST is signed with this function's credentials; table:write counts uploads per address.
  route('CreateResumeUpload', 'POST /api/job-applications/uploads', jobApplications('createResumeUpload'), {
    access: 'public',
    grants: ['table:write', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  // storage:write: reads the upload, copies it under the application, deletes the upload (or a refused file).
  route('SubmitJobApplication', 'POST /api/job-applications', jobApplications('submitJobApplication'), {
    access: 'public',
    grants: ['table:write', 'bus:publish', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route(
    'ListJobApplications',
    'GET /api/admin/job-applications',
    jobApplications('listJobApplications'),
    staff('staff', ['table:read']),
  ),
  route(
    'ChangeJobApplicationStatus',
    'PUT /api/admin/job-applications/{applicationId}/status',
    jobApplications('changeJobApplicationStatus'),
    staff('staff', ['table:write']),
  ),
  route(
    'GetJobApplicationResume',
    'GET /api/admin/job-applications/{applicationId}/resume',
    jobApplications('getResumeLink'),
    staff('staff', ['table:read', 'storage:read']),
  ),
];
