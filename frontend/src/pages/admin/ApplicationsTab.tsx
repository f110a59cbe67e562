import { Box, Button, Flex, Heading, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { APPLICATION_STATUSES, type ApplicationStatus, type JobApplication } from '#domain/job-application';
import { careerCategories } from '../info/careers/roles';
import {
  changeJobApplicationStatus,
  fetchJobApplications,
  resumeDownloadUrl,
  type RoleFilter,
} from './applications-api';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';
import { LoadState } from '../../components/layout/LoadState';
import { useResource } from '../../lib/use-resource';

const STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  contacted: 'Contacted',
  declined: 'Declined',
};

/** Every open role, as `department|job title`, for the role filter. */
const ROLE_OPTIONS = careerCategories.flatMap((category) =>
  category.roles.map((role) => ({
    value: `${category.name}|${role.title}`,
    label: `${role.title} (${category.name})`,
  })),
);

function roleOf(value: string): RoleFilter | null {
  const [department, jobTitle] = value.split('|');
  return department && jobTitle ? { department, jobTitle } : null;
}

function ApplicationCard({
  application,
  onChanged,
}: {
  application: JobApplication;
  onChanged: (changed: JobApplication) => void;
}) {
  const headingId = `application-${application.id}`;
  const name = `${application.firstName} ${application.lastName}`;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function changeStatus(status: ApplicationStatus) {
    setSaving(true);
    setProblem(null);
    try {
      onChanged(await changeJobApplicationStatus(application.id, status));
    } catch {
      setProblem('The status could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  async function download() {
    setProblem(null);
    try {
      window.location.assign(await resumeDownloadUrl(application.id));
    } catch {
      setProblem('The resume could not be downloaded. Please try again.');
    }
  }

  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Heading as="h3" id={headingId} size="sm" color="brand.800">
          {name}, {application.jobTitle} ({application.department})
        </Heading>
        <Text fontSize="sm" color="gray.700">
          <time dateTime={application.submittedAt}>
            {staffDateTimeFormat.format(new Date(application.submittedAt))}
          </time>
        </Text>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="E-mail">
          <a href={`mailto:${application.email}`}>{application.email}</a>
        </RecordDetail>
        <RecordDetail label="Phone">{application.phone || 'Not provided'}</RecordDetail>
        <RecordDetail label="Resume">
          {application.resumeFileName} ({application.resumeKind.toUpperCase()},{' '}
          {Math.ceil(application.resumeBytes / 1024)} KB)
        </RecordDetail>
      </Box>
      {application.coverLetter && (
        <Box mt="3">
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="gray.600">
            Cover letter
          </Text>
          <Text whiteSpace="pre-wrap" fontSize="sm">
            {application.coverLetter}
          </Text>
        </Box>
      )}
      <Flex mt="3" gap="3" wrap="wrap" align="center">
        <Button
          size="sm"
          colorPalette="brand"
          variant="outline"
          onClick={download}
          aria-label={`Download resume of ${name}`}
        >
          Download resume
        </Button>
        <NativeSelect.Root size="sm" width="auto" disabled={saving}>
          <NativeSelect.Field
            aria-label={`Status of ${name}'s application`}
            value={application.status}
            onChange={(event) => changeStatus(event.target.value as ApplicationStatus)}
          >
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {saving && <Spinner size="sm" color="brand.600" aria-label="Saving status" />}
      </Flex>
      {problem && (
        <Text role="alert" mt="2" color="red.700" fontSize="sm">
          {problem}
        </Text>
      )}
    </Box>
  );
}

/** Job applications newest first, all of them or one role's: the résumé to download and a status to keep. */
export function ApplicationsTab() {
  const [roleValue, setRoleValue] = useState('');
  const load = useCallback(
    (request: { signal: AbortSignal }) => fetchJobApplications(roleOf(roleValue), null, request),
    [roleValue],
  );
  // A role asked for while another is on its way replaces it: the earlier answer never lands.
  const { state, reload, update } = useResource(load);
  /** The page asked for after `cursor`; it belongs to the list that still ends there, not to one read since. */
  const [more, setMore] = useState<{ cursor: string; failed: boolean } | null>(null);

  async function loadMore(cursor: string) {
    setMore({ cursor, failed: false });
    try {
      const page = await fetchJobApplications(roleOf(roleValue), cursor);
      update((current) =>
        current.nextCursor === cursor
          ? { applications: [...current.applications, ...page.applications], nextCursor: page.nextCursor }
          : current,
      );
      setMore((current) => (current?.cursor === cursor ? null : current));
    } catch {
      setMore((current) => (current?.cursor === cursor ? { cursor, failed: true } : current));
    }
  }

  const replace = (changed: JobApplication) =>
    update((current) => ({
      ...current,
      applications: current.applications.map((application) => (application.id === changed.id ? changed : application)),
    }));

  return (
    <Stack gap="4">
      <Flex justify="space-between" wrap="wrap" gap="3" align="center">
        <Heading as="h2" size="lg">
          Applications
        </Heading>
        <NativeSelect.Root width={{ base: 'full', sm: '72' }}>
          <NativeSelect.Field
            aria-label="Role"
            value={roleValue}
            onChange={(event) => setRoleValue(event.target.value)}
          >
            <option value="">All roles</option>
            {ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <LoadState resource={state} loading="Loading applications…" failed="Failed to load applications" onRetry={reload}>
        {({ applications, nextCursor }) => (
          <>
            {applications.length === 0 ? (
              <Text color="gray.700">No applications yet.</Text>
            ) : (
              <Stack as="ul" gap="3" p="0" aria-label="Applications, newest first">
                {applications.map((application) => (
                  <ApplicationCard key={application.id} application={application} onChanged={replace} />
                ))}
              </Stack>
            )}
            {more?.cursor === nextCursor && more.failed && (
              <Text role="alert" color="red.700">
                Failed to load applications
              </Text>
            )}
            {nextCursor && (
              <Button
                alignSelf="start"
                variant="outline"
                onClick={() => void loadMore(nextCursor)}
                loading={more?.cursor === nextCursor && !more.failed}
                loadingText="Loading..."
              >
                Show more
              </Button>
            )}
          </>
        )}
      </LoadState>
    </Stack>
  );
}
