/**
 * What is résumé-specific about the uploads bucket (docs/decisions/0023): the presigned POST's
 * bounds and lifetime, and keeping a checked upload under the application with the type its bytes
 * showed. The rest is functions/lib/uploads.ts.
 */
import { RESUME_MAX_BYTES, resumeContentTypeOf, type ResumeUpload } from '#domain/job-application';
import { RESUME_CONTENT_TYPES, type ResumeKind } from '#domain/resume-file';
import { copyUpload, presignedUpload } from '../lib/uploads';

/** Long enough to upload 5 MB on a slow line; the form is asked for just before the upload. */
export const RESUME_UPLOAD_SECONDS = 10 * 60;

/**
 * A presigned POST of one file to `key`: S3 refuses it unless it is 1 to 5,242,880 bytes long and
 * carries the content type of its extension, and after RESUME_UPLOAD_SECONDS.
 */
export async function presignedResumeUpload(key: string, fileName: string): Promise<ResumeUpload> {
  const { url, fields } = await presignedUpload(
    key,
    resumeContentTypeOf(fileName),
    RESUME_MAX_BYTES,
    RESUME_UPLOAD_SECONDS,
  );
  return { url, fields, uploadKey: key };
}

/** Copies a checked upload to where the application keeps it, with the type its bytes showed. */
export async function keepResume(uploadKey: string, resumeKey: string, kind: ResumeKind): Promise<void> {
  await copyUpload(uploadKey, resumeKey, RESUME_CONTENT_TYPES[kind]);
}
