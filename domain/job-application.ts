/** Rules for a job application's resume, checked in the browser and again by the API. */

/** 5 MB, the largest resume accepted (accounts spec section 9). */
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
