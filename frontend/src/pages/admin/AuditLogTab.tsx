import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { AUDIT_RECORD_KIND_LABELS, auditWords, type AuditEntry, type AuditFields } from '#domain/audit/audit-entry';
import { formatCents } from '#domain/pricing/money';
import { fetchAuditLogPage, type AuditLogFilter } from './audit-api';
import { PagedSection, usePagedList } from './PagedList';
import { staffDateTimeFormat } from './RecordDetail';
import { RecordList } from './RecordList';

function valueText(name: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && name.endsWith('Cents')) return formatCents(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const staffName = (entry: AuditEntry) => entry.staff.name ?? 'Staff';
const recordName = (entry: AuditEntry) =>
  `${AUDIT_RECORD_KIND_LABELS[entry.record.kind] ?? entry.record.kind} ${entry.record.label ?? entry.record.id}`;

/** Each changed field as it was and as it is (a record made has no before; the list then shows its fields). */
function Changes({ entry }: { entry: AuditEntry }) {
  const names = Object.keys({ ...entry.before, ...entry.after });
  if (names.length === 0) return <Text color="gray.700">No fields changed</Text>;
  const side = (fields: AuditFields | null, name: string) => valueText(name, fields?.[name]);
  return (
    <Box as="dl" display="grid" gap="1" fontSize="sm">
      {names.map((name) => (
        <Flex key={name} gap="2" wrap="wrap">
          <Text as="dt" fontWeight="semibold">
            {auditWords(name)}:
          </Text>
          <Text as="dd" overflowWrap="anywhere">
            {entry.before && <>{side(entry.before, name)} → </>}
            {side(entry.after, name)}
          </Text>
        </Flex>
      ))}
    </Box>
  );
}

/** The owners' audit log of staff actions: newest first, narrowed to one record or one member of staff from any entry. */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditLogFilter>(null);
  const fetchPage = useCallback(
    (cursor: string | null) =>
      fetchAuditLogPage(filter, cursor).then(({ entries, nextCursor }) => ({ items: entries, nextCursor })),
    [filter],
  );
  const list = usePagedList(fetchPage);
  const when = (entry: AuditEntry) => <time dateTime={entry.at}>{staffDateTimeFormat.format(new Date(entry.at))}</time>;
  const who = (entry: AuditEntry) => (
    <Stack gap="1" align="start">
      <Text>{staffName(entry)}</Text>
      {filter?.by !== 'staff' && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          onClick={() => setFilter({ by: 'staff', id: entry.staff.id, name: staffName(entry) })}
          aria-label={`Show only the actions of ${staffName(entry)}`}
        >
          Only theirs
        </Button>
      )}
    </Stack>
  );
  const what = (entry: AuditEntry) => (
    <Stack gap="1" align="start">
      <Text>
        <Text as="span" fontWeight="semibold">
          {auditWords(entry.action)}
        </Text>{' '}
        {recordName(entry)}
      </Text>
      {filter?.by !== 'record' && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          onClick={() =>
            setFilter({ by: 'record', kind: entry.record.kind, id: entry.record.id, label: recordName(entry) })
          }
          aria-label={`Show only the entries of ${recordName(entry)}`}
        >
          Only this record
        </Button>
      )}
    </Stack>
  );
  const changes = (entry: AuditEntry) => <Changes entry={entry} />;
  return (
    <PagedSection
      id="audit-log-heading"
      title="Audit log"
      noun="audit entries"
      list={list}
      emptyText={filter ? 'No entries for this filter.' : 'No staff actions recorded yet.'}
      toolbar={
        filter && (
          <Flex gap="3" align="center" wrap="wrap" role="status">
            <Text>Showing only {filter.by === 'record' ? filter.label : `the actions of ${filter.name}`}</Text>
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setFilter(null)}>
              Show all entries
            </Button>
          </Flex>
        )
      }
    >
      {(entries) => (
        <RecordList
          records={entries}
          keyOf={(entry) => entry.id}
          columns={[
            { header: 'When', cell: when, cellProps: { whiteSpace: 'nowrap' } },
            { header: 'Who', cell: who },
            { header: 'What', cell: what },
            { header: 'Changes', cell: changes },
          ]}
          card={{
            title: (entry) => `${auditWords(entry.action)} ${recordName(entry)}`,
            aside: when,
            details: [
              { label: 'Who', value: who },
              { label: 'Changes', value: changes },
            ],
          }}
        />
      )}
    </PagedSection>
  );
}
