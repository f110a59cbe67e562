/** The staff routes of the Applications tab; each sends the signed-in user's access token. */
import type { ApplicationStatus, JobApplication, JobApplicationsPage } from '#domain/job-application';
import { apiRequest } from '../../api/client';

export interface RoleFilter {
  department: string;
  jobTitle: string;
}

export function fetchJobApplications(
  role: RoleFilter | null,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<JobApplicationsPage> {
  const query = new URLSearchParams({ limit: '20', ...(role ?? {}), ...(cursor ? { cursor } : {}) });
  return apiRequest<JobApplicationsPage>(`/admin/job-applications?${query}`, { auth: true, signal });
}

export function changeJobApplicationStatus(applicationId: string, status: ApplicationStatus): Promise<JobApplication> {
  return apiRequest<JobApplication>(`/admin/job-applications/${encodeURIComponent(applicationId)}/status`, {
    method: 'PUT',
    body: { status },
    auth: true,
  });
}

/** A short-lived link that downloads the résumé under the applicant's file name. */
export async function resumeDownloadUrl(applicationId: string): Promise<string> {
  const { url } = await apiRequest<{ url: string }>(
    `/admin/job-applications/${encodeURIComponent(applicationId)}/resume`,
    { auth: true },
  );
  return url;
}
