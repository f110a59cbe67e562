/**
 * Job applications: the applicant's two public routes (an upload form for the résumé, then the
 * application naming the upload) and the staff routes of the admin Applications tab.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  applicationStatusChangeSchema,
  jobApplicationSchema,
  RESUME_MAX_BYTES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
  RESUME_UPLOADS_PER_ADDRESS,
  resumeObjectKey,
  resumeUploadKey,
  resumeUploadRequestSchema,
  type JobApplication,
} from '#domain/job-application';
import { RESUME_CONTENT_TYPES, resumeKindOf } from '#domain/resume-file';
import { directoryPageQuerySchema } from '#domain/accounts/customer-directory';
import { JobApplicationSubmitted } from '#events/careers';
import { publish } from '../lib/events';
import { HttpError, httpHandler, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { limitAttempt, limitAttemptFromAddress } from '../lib/rate-limit';
import { deleteUpload, readStoredUpload, uploadLink } from '../lib/uploads';
import {
  APPLICATION_NOT_FOUND_MESSAGE,
  jobApplicationsPage,
  putJobApplication,
  readJobApplication,
  setJobApplicationStatus,
} from './job-application-store';
import { keepResume, presignedResumeUpload } from './resume-storage';

/** Long enough to start the download from the tab, short enough that a copied link soon stops working. */
export const RESUME_LINK_SECONDS = 5 * 60;

/** POST /api/job-applications/uploads: a presigned POST for one résumé, into the pending prefix. */
export const createResumeUpload = httpHandler(async (event) => {
  const { fileName } = parseBody(event, resumeUploadRequestSchema);
  await limitAttemptFromAddress(event, 'resumeUpload', RESUME_UPLOADS_PER_ADDRESS);
  return json(201, await presignedResumeUpload(resumeUploadKey(randomUUID()), fileName));
});

function resumeRefused(message: string): HttpError {
  return new HttpError(400, message, { resume: message });
}

/**
 * POST /api/job-applications: the upload is read back and known by its bytes (docs/decisions/0023);
 * a file that is not a real PDF, DOC or DOCX, or is too large, is deleted and refused with the form's
 * message. A good one is kept under the application's id, the application saved, and the bus told.
 */
export const submitJobApplication = httpHandler(async (event) => {
  const input = parseBody(event, jobApplicationSchema);
  await limitAttempt(event, 'jobApplication', input.email);
  // One byte more than allowed is enough to know the file is too large.
  const upload = await readStoredUpload(input.resume.uploadKey, RESUME_MAX_BYTES + 1);
  if (!upload) throw resumeRefused('Please upload your resume again.');
  const kind = upload.size <= RESUME_MAX_BYTES ? resumeKindOf(upload.head) : null;
  if (!kind) {
    await deleteUpload(input.resume.uploadKey, upload.versionId);
    throw resumeRefused(upload.size > RESUME_MAX_BYTES ? RESUME_SIZE_MESSAGE : RESUME_TYPE_MESSAGE);
  }
  const applicationId = randomUUID();
  const submittedAt = new Date().toISOString();
  const resumeKey = resumeObjectKey(applicationId);
  await keepResume(input.resume.uploadKey, resumeKey, kind);
  await deleteUpload(input.resume.uploadKey, upload.versionId);
  const { resume, ...details } = input;
  const application: JobApplication = {
    id: applicationId,
    submittedAt,
    ...details,
    resumeFileName: resume.fileName,
    resumeKind: kind,
    resumeBytes: upload.size,
    status: 'new',
  };
  await putJobApplication(application);
  await publish(JobApplicationSubmitted, {
    applicationId,
    submittedAt,
    application: details,
    resume: { key: resumeKey, fileName: resume.fileName, kind, bytes: upload.size },
  });
  return json(201, { id: applicationId });
});

const applicationsQuerySchema = directoryPageQuerySchema.extend({
  department: z.string().min(1).max(120).optional(),
  jobTitle: z.string().min(1).max(120).optional(),
});

/** GET /api/admin/job-applications?department=&jobTitle=&cursor=&limit=: newest first, all of them or one role's. */
export const listJobApplications = httpHandler(async (event) => {
  const { department, jobTitle, cursor, limit } = parseQuery(event, applicationsQuerySchema);
  if ((department === undefined) !== (jobTitle === undefined)) {
    throw new HttpError(400, 'A role is its department and its job title.', {
      [department ? 'jobTitle' : 'department']: 'Required with the other.',
    });
  }
  const role = department && jobTitle ? { department, jobTitle } : null;
  return json(200, await jobApplicationsPage({ role, cursor, limit }));
});

function applicationIdOf(event: HttpEvent): string {
  const parsed = z.uuid().safeParse(event.pathParameters?.applicationId);
  if (!parsed.success) throw new HttpError(404, APPLICATION_NOT_FOUND_MESSAGE);
  return parsed.data;
}

/** PUT /api/admin/job-applications/{applicationId}/status: new, reviewing, contacted or declined. */
export const changeJobApplicationStatus = httpHandler(async (event) => {
  const applicationId = applicationIdOf(event);
  const { status } = parseBody(event, applicationStatusChangeSchema);
  return json(200, await setJobApplicationStatus(applicationId, status, new Date()));
});

/** GET /api/admin/job-applications/{applicationId}/resume: a short-lived download link. */
export const getResumeLink = httpHandler(async (event) => {
  const applicationId = applicationIdOf(event);
  const application = await readJobApplication(applicationId);
  const url = await uploadLink(resumeObjectKey(application.id), RESUME_LINK_SECONDS, {
    contentType: RESUME_CONTENT_TYPES[application.resumeKind],
    downloadName: application.resumeFileName,
  });
  return json(200, { url, expiresAt: new Date(Date.now() + RESUME_LINK_SECONDS * 1000).toISOString() });
});
