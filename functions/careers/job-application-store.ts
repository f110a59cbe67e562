/**
 * Job applications in the table (see functions/lib/table/README.md): one item each, listed for staff
 * newest first, all of them (gsi1) or one role's (gsi2).
 */
import type { JobApplication, JobApplicationsPage } from '#domain/job-application';
import { NotFound } from '#domain/errors';
import { getItem, putItem, recordOf, tryConditional, updateItem } from '../lib/table/items';
import {
  JOB_APPLICATIONS_INDEX_PK,
  jobApplicationItemKey,
  jobApplicationKeys,
  jobApplicationRolePartition,
} from '../lib/table/keys/careers';
import { indexPartitionPage } from '../lib/table/page-cursor';

export const APPLICATION_NOT_FOUND_MESSAGE = 'This application no longer exists.';

export async function putJobApplication(application: JobApplication): Promise<void> {
  const { id, submittedAt, department, jobTitle } = application;
  await putItem({
    Item: { ...jobApplicationKeys(id, submittedAt, department, jobTitle), entity: 'jobApplication', ...application },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** Newest first, a page at a time: every application, or one role's (its department and job title). */
export async function jobApplicationsPage(query: {
  role: { department: string; jobTitle: string } | null;
  cursor: string | undefined;
  limit: number;
}): Promise<JobApplicationsPage> {
  const [index, partition] = query.role
    ? (['gsi2', jobApplicationRolePartition(query.role.department, query.role.jobTitle)] as const)
    : (['gsi1', JOB_APPLICATIONS_INDEX_PK] as const);
  const { items, nextCursor } = await indexPartitionPage(index, partition, query);
  return { applications: items.map((item) => recordOf<JobApplication>(item)), nextCursor };
}

/** Sets an application's status; NotFound when there is no such application. */
export async function setJobApplicationStatus(
  applicationId: string,
  status: JobApplication['status'],
  at: Date,
): Promise<JobApplication> {
  const update = updateItem({
    Key: jobApplicationItemKey(applicationId),
    UpdateExpression: 'SET #status = :status, statusChangedAt = :at',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status, ':at': at.toISOString() },
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(update))) throw new NotFound(APPLICATION_NOT_FOUND_MESSAGE);
  return recordOf<JobApplication>((await update)!);
}

/** The application; NotFound when there is none. */
export async function readJobApplication(applicationId: string): Promise<JobApplication> {
  const item = await getItem(jobApplicationItemKey(applicationId));
  if (!item) throw new NotFound(APPLICATION_NOT_FOUND_MESSAGE);
  return recordOf<JobApplication>(item);
}
