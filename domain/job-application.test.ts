import { describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES, resumeProblem } from './job-application';

describe('resumeProblem', () => {
  it('accepts PDF, DOC and DOCX files up to 5 MB, whatever the case of the extension', () => {
    expect(resumeProblem({ name: 'cv.pdf', size: 1000 })).toBeNull();
    expect(resumeProblem({ name: 'CV.DOC', size: RESUME_MAX_BYTES })).toBeNull();
    expect(resumeProblem({ name: 'resume.final.docx', size: 1 })).toBeNull();
  });

  it('rejects other file types', () => {
    expect(resumeProblem({ name: 'cv.png', size: 1000 })).toBe('Please upload a PDF, DOC, or DOCX file');
    expect(resumeProblem({ name: 'pdf', size: 1000 })).toBe('Please upload a PDF, DOC, or DOCX file');
  });

  it('rejects files over 5,242,880 bytes', () => {
    expect(resumeProblem({ name: 'cv.pdf', size: RESUME_MAX_BYTES + 1 })).toBe('File size must be less than 5MB');
  });
});
