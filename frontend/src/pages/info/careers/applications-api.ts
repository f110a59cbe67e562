import type { JobApplicationInput, ResumeUpload } from '#domain/job-application';
import { ApiError, apiRequest } from '../../../api/client';

export type ApplicationSubmitResult =
  | { kind: 'submitted' }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  /** Too many applications (429): the server's message says when to try again. */
  | { kind: 'refused'; message: string }
  | { kind: 'failed' };

/**
 * Sends the résumé straight to the uploads bucket with a presigned POST (the API never carries the
 * file), then the application naming the upload; the server checks the stored file before saving.
 */
export async function submitJobApplication(
  details: Omit<JobApplicationInput, 'resume'>,
  resume: File,
): Promise<ApplicationSubmitResult> {
  try {
    const upload = await apiRequest<ResumeUpload>('job-applications/uploads', {
      method: 'POST',
      body: { fileName: resume.name, size: resume.size },
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', resume, resume.name);
    const stored = await fetch(upload.url, { method: 'POST', body: form });
    if (!stored.ok) return { kind: 'failed' };
    await apiRequest('job-applications', {
      method: 'POST',
      body: { ...details, resume: { uploadKey: upload.uploadKey, fileName: resume.name } },
    });
    return { kind: 'submitted' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
      return { kind: 'invalid', fieldErrors: resumeErrorsOnTheFileInput(error.fieldErrors) };
    }
    if (error instanceof ApiError && error.status === 429) return { kind: 'refused', message: error.message };
    return { kind: 'failed' };
  }
}

/** The upload form's and the application's résumé problems (fileName, size, resume.uploadKey…) belong to the one file input. */
function resumeErrorsOnTheFileInput(fieldErrors: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const onTheFile = field === 'fileName' || field === 'size' || field === 'resume' || field.startsWith('resume.');
    errors[onTheFile ? 'resume' : field] ??= message;
  }
  return errors;
}
