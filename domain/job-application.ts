/** A job application and its resume's rules, checked in the browser and again by the API. */
import * as z from 'zod';
import { RESUME_CONTENT_TYPES, type ResumeKind } from './resume-file';
import { multiLineText, singleLineText } from './text';

/** 5 MB, the largest resume accepted. */
export const RESUME_MAX_BYTES = 5_242_880;

export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

/** The value of a file input's accept attribute for resumes. */
export const RESUME_ACCEPT = RESUME_EXTENSIONS.join(',');

export const RESUME_TYPE_MESSAGE = 'Please upload a PDF, DOC, or DOCX file';
export const RESUME_SIZE_MESSAGE = 'File size must be less than 5MB';

/** The message to show for a chosen resume file, or null when it is acceptable. */
export function resumeProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((extension) => name.endsWith(extension))) return RESUME_TYPE_MESSAGE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_SIZE_MESSAGE;
  return null;
}

/** Applications are answered within 3-7 business days. */
export const APPLICATION_REPLY_BUSINESS_DAYS = '3-7';

/** A random upload id: the only keys the submit route will read. */
const RESUME_UPLOAD_KEY = /^resumes\/pending\/[0-9a-f-]{36}$/;

/** What the Apply dialog sends once the résumé is in the bucket (the upload's key names it). */
export const jobApplicationSchema = z.object({
  firstName: singleLineText('First name', { error: 'Please enter your first name.' })
    .min(1, 'Please enter your first name.')
    .max(100),
  lastName: singleLineText('Last name', { error: 'Please enter your last name.' })
    .min(1, 'Please enter your last name.')
    .max(100),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.')),
  phone: singleLineText('Phone').max(40).optional().default(''),
  coverLetter: multiLineText('Cover letter').max(10_000).optional().default(''),
  jobTitle: singleLineText('Job title').min(1).max(120),
  department: singleLineText('Department').min(1).max(120),
  resume: z.object(
    {
      uploadKey: z.string().regex(RESUME_UPLOAD_KEY, 'Please upload your resume again.'),
      fileName: singleLineText('Resume')
        .min(1)
        .max(200)
        .refine((name) => resumeProblem({ name, size: 0 }) === null, RESUME_TYPE_MESSAGE),
    },
    { error: 'Please upload your resume.' },
  ),
});

export type JobApplicationInput = z.infer<typeof jobApplicationSchema>;

/** Where a browser's upload lands until the application that names it is checked and saved. */
export const RESUME_UPLOAD_PREFIX = 'resumes/pending/';

export function resumeUploadKey(uploadId: string): string {
  return `${RESUME_UPLOAD_PREFIX}${uploadId}`;
}

/** Where a saved application's résumé is kept. */
export function resumeObjectKey(applicationId: string): string {
  return `resumes/${applicationId}`;
}

/** What the browser says of the file it is about to upload; the presigned policy then holds it to that. */
export const resumeUploadRequestSchema = z.object({
  fileName: singleLineText('Resume')
    .min(1)
    .max(200)
    .refine((name) => resumeProblem({ name, size: 0 }) === null, RESUME_TYPE_MESSAGE),
  size: z.number().int().min(1, 'Please upload your resume.').max(RESUME_MAX_BYTES, RESUME_SIZE_MESSAGE),
});

/** Each upload form is a presigned POST: enough for a few tries of each of a few applications. */
export const RESUME_UPLOADS_PER_ADDRESS = { limit: 20, windowSeconds: 3600 } as const;

/** The content type an upload must carry, by the file's extension (the bucket's policy checks it). */
export function resumeContentTypeOf(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop() as ResumeKind;
  return RESUME_CONTENT_TYPES[extension];
}

/** A presigned POST: the form fields to send with the file, to `url`. */
export interface ResumeUpload {
  url: string;
  fields: Record<string, string>;
  uploadKey: string;
}

export const APPLICATION_STATUSES = ['new', 'reviewing', 'contacted', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const applicationStatusChangeSchema = z.object({ status: z.enum(APPLICATION_STATUSES) });

/** An application as staff see it in the Applications tab. */
export interface JobApplication {
  id: string;
  submittedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  coverLetter: string;
  jobTitle: string;
  department: string;
  resumeFileName: string;
  resumeKind: ResumeKind;
  resumeBytes: number;
  status: ApplicationStatus;
  statusChangedAt?: string;
}

export interface JobApplicationsPage {
  applications: JobApplication[];
  nextCursor: string | null;
}

export const APPLICATION_SUCCESS_MESSAGE = `Thank you for applying! We review every application and will answer within ${APPLICATION_REPLY_BUSINESS_DAYS} business days.`;
export const APPLICATION_ERROR_MESSAGE = 'There was an error submitting your application. Please try again.';
/** The success dialog closes (and the form resets) after 3 s. */
export const APPLICATION_SUCCESS_CLOSE_MS = 3000;
