/** The table's keys of job applications (functions/careers); see ../README.md. */

/**
 * A job application. Listed for staff newest first through gsi1, and by role (department and job
 * title) newest first through gsi2.
 */
export function jobApplicationKeys(applicationId: string, submittedAt: string, department: string, jobTitle: string) {
  return {
    pk: `JOB_APPLICATION#${applicationId}`,
    sk: 'JOB_APPLICATION',
    gsi1pk: JOB_APPLICATIONS_INDEX_PK,
    gsi1sk: `${submittedAt}#${applicationId}`,
    gsi2pk: jobApplicationRolePartition(department, jobTitle),
    gsi2sk: `${submittedAt}#${applicationId}`,
  };
}

export function jobApplicationItemKey(applicationId: string) {
  return { pk: `JOB_APPLICATION#${applicationId}`, sk: 'JOB_APPLICATION' };
}

export const JOB_APPLICATIONS_INDEX_PK = 'JOB_APPLICATIONS';

export function jobApplicationRolePartition(department: string, jobTitle: string) {
  return `JOB_APPLICATIONS#${department}#${jobTitle}`;
}
