import { Alert, Box, Button, chakra, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import {
  importedMessage,
  MAX_SCHEDULE_BYTES,
  parseScheduleCsv,
  SCHEDULE_FILE_MESSAGES,
  scheduleTemplateCsv,
  skippedRows,
  type ScheduleParse,
  willSkipMessage,
} from '#domain/properties/schedule-csv';
import { groupThousands } from '#domain/thousands';
import { ApiError } from '../../api/client';
import { importSchedule } from '../../api/properties';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { toaster } from '../../components/layout/toast-queue';
import { saveAs } from '../../lib/save-file';

/** The preview lists this many problems; a file with more is mostly wrong, and the count says so. */
const PROBLEMS_SHOWN = 200;

type Preview =
  { kind: 'none' } | { kind: 'reading' } | { kind: 'read'; fileName: string; text: string; parse: ScheduleParse };

/**
 * Import windows from a spreadsheet: the template to download, the file chosen, a preview of what
 * it holds (read here with the server's own reader: each bad row named by row and column, and
 * skipped whole), then every valid row imported at once. Choosing a corrected file previews it anew.
 */
export function ScheduleImportDialog({
  propertyId,
  propertyName,
  onClose,
  onImported,
}: {
  propertyId: string;
  propertyName: string;
  onClose: () => void;
  onImported: () => void;
}) {
  const [preview, setPreview] = useState<Preview>({ kind: 'none' });
  const [importing, setImporting] = useState(false);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const fileId = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    setServerProblems([]);
    if (file.size > MAX_SCHEDULE_BYTES) {
      setPreview({
        kind: 'read',
        fileName: file.name,
        text: '',
        parse: { fileProblems: [SCHEDULE_FILE_MESSAGES.tooLarge], rows: [], problems: [], rowCount: 0 },
      });
      return;
    }
    setPreview({ kind: 'reading' });
    const text = await file.text();
    setPreview({ kind: 'read', fileName: file.name, text, parse: parseScheduleCsv(text) });
  }

  async function runImport() {
    if (preview.kind !== 'read') return;
    setImporting(true);
    try {
      const result = await importSchedule(propertyId, preview.text);
      toaster.create({ type: 'success', title: importedMessage(result.imported, result.skippedRows) });
      onImported();
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { fileProblems?: string[] } | undefined) : undefined;
      setServerProblems(body?.fileProblems ?? []);
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Could not import the windows. Please try again.',
      });
    } finally {
      setImporting(false);
    }
  }

  const parse = preview.kind === 'read' ? preview.parse : null;
  const skipped = parse ? skippedRows(parse) : [];
  const valid = parse?.rows.length ?? 0;
  const fileProblems = [...(parse?.fileProblems ?? []), ...serverProblems];
  return (
    <SiteDialog
      open
      onClose={onClose}
      title="Import windows from a spreadsheet"
      titleFontSize="xl"
      subtitle={
        <Text color="gray.700" fontSize="sm">
          {propertyName}
        </Text>
      }
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            colorPalette="brand"
            disabled={valid === 0 || fileProblems.length > 0}
            loading={importing}
            loadingText="Importing..."
            onClick={() => void runImport()}
          >
            {valid === 0 ? 'Import Windows' : `Import ${groupThousands(valid)} Window${valid === 1 ? '' : 's'}`}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="gray.700">
          One row a window: its building, unit, room and label (each optional), its width at the top, middle and bottom
          and its height in whole inches and eighths (0 to 7), and optionally its product and color. Save the
          spreadsheet as CSV. Importing the same file again adds nothing twice.
        </Text>
        <Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={() => saveAs('window-schedule-template.csv', scheduleTemplateCsv(), 'text/csv')}
          >
            Download Template
          </Button>
        </Box>
        <Box>
          <chakra.label htmlFor={fileId} display="block" fontWeight="medium" mb="2">
            Schedule file (CSV)
          </chakra.label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            style={{ maxWidth: '100%' }}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              // The same file chosen again, corrected, is read again.
              event.target.value = '';
            }}
          />
          {preview.kind === 'read' && (
            <Text mt="2" fontSize="sm">
              Chosen: <strong>{preview.fileName}</strong>
            </Text>
          )}
        </Box>
        {preview.kind === 'reading' && <Text role="status">Reading the file...</Text>}
        {fileProblems.length > 0 && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This file cannot be imported.</Alert.Title>
              <Alert.Description>
                <chakra.ul pl="4">
                  {fileProblems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </chakra.ul>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {parse && fileProblems.length === 0 && (
          <Alert.Root status={skipped.length === 0 ? 'success' : 'warning'} role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {groupThousands(valid)} of {groupThousands(parse.rowCount)} windows are ready to import.
              </Alert.Title>
              {skipped.length > 0 && (
                <Alert.Description>
                  {willSkipMessage(skipped)} Correct {skipped.length === 1 ? 'it' : 'them'} and choose the file again to
                  import {skipped.length === 1 ? 'it' : 'them'} too.
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
        {parse && parse.problems.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label="Problems in the file">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Column</Table.ColumnHeader>
                  <Table.ColumnHeader>Problem</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {parse.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                  <Table.Row key={index}>
                    <Table.Cell>{problem.row}</Table.Cell>
                    <Table.Cell>{problem.column ?? ''}</Table.Cell>
                    <Table.Cell>{problem.message}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {parse.problems.length > PROBLEMS_SHOWN && (
              <Text fontSize="sm" mt="2">
                And {groupThousands(parse.problems.length - PROBLEMS_SHOWN)} more problems.
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </SiteDialog>
  );
}
