import * as z from 'zod';
import { jobApplicationSchema } from '#domain/job-application';
import { RESUME_KINDS } from '#domain/resume-file';
import { declare } from './declaration';

/**
 * An applicant applied for a role; their résumé, checked by its bytes, is kept at `resumeKey` in the
 * uploads bucket. Staff get the application with a short-lived link to the résumé, the applicant an acknowledgement.
 */
export const JobApplicationSubmitted = declare({
  name: 'JobApplicationSubmitted',
  version: 1,
  detail: z.object({
    applicationId: z.string(),
    submittedAt: z.iso.datetime(),
    application: jobApplicationSchema.omit({ resume: true }),
    resume: z.object({
      key: z.string(),
      fileName: z.string(),
      kind: z.enum(RESUME_KINDS),
      bytes: z.number().int().positive(),
    }),
  }),
  consumers: [
    {
      id: 'NotifyOfJobApplication',
      handler: { file: 'functions/careers/notify-job-application.ts', export: 'handler' },
      // storage:read: the staff mail's presigned link works only for a role that may read the résumé.
      grants: ['table:write', 'mail:send', 'storage:read'],
    },
  ],
});
