import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Field,
  Heading,
  HStack,
  List,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { GRID_COLUMNS } from '#domain/catalogue/grids/columns';
import { formatCell } from '#domain/catalogue/grids/csv';
import { GRID_KINDS, type GridKind, type GridRow } from '#domain/catalogue/grids/types';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { readStorage } from '../../lib/browser-storage';
import { saveAs } from '../../lib/save-file';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  downloadGridVersion,
  fetchGridVersions,
  previewGrid,
  replaceGrid,
  type GridChanges,
  type GridVersions,
} from './admin-api';
import { GRID_NAMES } from './grid-labels';
import { VolumeTablesSection } from './VolumeTablesSection';

const CONFLICT_MESSAGE = 'The grid changed since you previewed it. Preview again.';

const uploadedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Preview =
  | { state: 'none' }
  | { state: 'previewing' }
  | { state: 'refused'; problems: string[] }
  | { state: 'ready'; changes: GridChanges; rowCount: number; againstVersion: string | null };

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'An unexpected error occurred. Please try again.';
}

function VersionHistory({ kind, versions }: { kind: GridKind; versions: GridVersions }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const signedInUserId = readStorage('local', STORAGE_KEYS.clientId);
  async function download(version: string) {
    setDownloading(version);
    try {
      saveAs(`${version}.csv`, await downloadGridVersion(kind, version), 'text/csv;charset=utf-8');
    } catch (error) {
      toaster.create({ type: 'error', title: 'Download failed', description: errorText(error) });
    } finally {
      setDownloading(null);
    }
  }
  if (versions.versions.length === 0)
    return <Text color="gray.700">No version of this grid is stored yet: the shop prices with the built-in grid.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" position="relative">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" fontWeight="semibold">
          Version history, newest first
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Version</Table.ColumnHeader>
            <Table.ColumnHeader>Uploaded</Table.ColumnHeader>
            <Table.ColumnHeader>By</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Rows</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Box as="span" srOnly>
                Download
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {versions.versions.map((entry) => (
            <Table.Row key={`${entry.uploadedAt}-${entry.version}`}>
              <Table.Cell fontFamily="mono">
                {entry.version}{' '}
                {entry.current && (
                  <Badge colorPalette="green" ms="1">
                    Current
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{uploadedAtFormat.format(new Date(entry.uploadedAt))}</Table.Cell>
              <Table.Cell>{entry.uploadedBy === signedInUserId ? 'You' : entry.uploadedBy}</Table.Cell>
              <Table.Cell textAlign="end">{entry.rowCount}</Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="brand"
                  loading={downloading === entry.version}
                  aria-label={`Download CSV of version ${entry.version} uploaded ${uploadedAtFormat.format(new Date(entry.uploadedAt))}`}
                  onClick={() => void download(entry.version)}
                >
                  Download CSV
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ChangesTable({ kind, changes }: { kind: GridKind; changes: GridChanges }) {
  const columns = GRID_COLUMNS[kind];
  const cell = (row: GridRow<GridKind>, index: number) => formatCell(columns[index]!, row as Record<string, unknown>);
  const rows = [
    ...changes.added.map((row) => ({ change: 'Added', cells: columns.map((_, index) => cell(row, index)) })),
    ...changes.removed.map((row) => ({ change: 'Removed', cells: columns.map((_, index) => cell(row, index)) })),
    ...changes.changed.map(({ before, after }) => ({
      change: 'Changed',
      cells: columns.map((_, index) =>
        cell(before, index) === cell(after, index)
          ? cell(after, index)
          : `${cell(before, index)} → ${cell(after, index)}`,
      ),
    })),
  ];
  if (rows.length === 0) return <Text>This file is the same as the current grid: nothing would change.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="96" maxW="full">
      <Table.Root size="sm" stickyHeader>
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" fontWeight="semibold">
          {changes.added.length} added, {changes.removed.length} removed, {changes.changed.length} changed
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>{column.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={index}>
              <Table.Cell>
                <Badge colorPalette={row.change === 'Added' ? 'green' : row.change === 'Removed' ? 'red' : 'orange'}>
                  {row.change}
                </Badge>
              </Table.Cell>
              {row.cells.map((text, column) => (
                <Table.Cell key={column} whiteSpace="nowrap">
                  {text}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Staff replace a price grid: pick it, see its versions, download one, upload a CSV, preview, confirm. */
export function PriceGridsTab() {
  const [kind, setKind] = useState<GridKind>(GRID_KINDS[0]);
  const [versions, setVersions] = useState<GridVersions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<Preview>({ state: 'none' });
  const [replacing, setReplacing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The grid on screen: an answer about a grid chosen before is dropped. */
  const shownKind = useRef(kind);

  const loadVersions = useCallback(async (of: GridKind) => {
    setLoadError(null);
    try {
      const loaded = await fetchGridVersions(of);
      if (shownKind.current === of) setVersions(loaded);
    } catch (error) {
      if (shownKind.current === of) setLoadError(errorText(error));
    }
  }, []);

  useEffect(() => {
    shownKind.current = kind;
    setVersions(null);
    void loadVersions(kind);
  }, [kind, loadVersions]);

  function forgetFile() {
    setFile(null);
    setPreview({ state: 'none' });
    if (fileInput.current) fileInput.current.value = '';
  }

  async function pick(chosen: File | undefined) {
    setPreview({ state: 'none' });
    setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files[0]);
  }

  async function runPreview() {
    if (!file) return;
    const againstVersion = versions?.currentVersion ?? null;
    setPreview({ state: 'previewing' });
    try {
      const result = await previewGrid(kind, file.text);
      setPreview(
        result.ok
          ? { state: 'ready', changes: result.changes, rowCount: result.rowCount, againstVersion }
          : { state: 'refused', problems: result.problems },
      );
    } catch (error) {
      setPreview({ state: 'none' });
      toaster.create({ type: 'error', title: 'Preview failed', description: errorText(error) });
    }
  }

  async function confirmReplace() {
    if (!file || preview.state !== 'ready') return;
    setReplacing(true);
    try {
      const result = await replaceGrid(kind, file.text, preview.againstVersion);
      if (!result.ok) {
        setPreview({ state: 'refused', problems: result.problems });
        return;
      }
      toaster.create({
        type: 'success',
        title: 'Price grid replaced',
        description: `${GRID_NAMES[kind]} now prices with version ${result.version}.`,
      });
      forgetFile();
      await loadVersions(kind);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setPreview({ state: 'none' });
        toaster.create({ type: 'error', title: CONFLICT_MESSAGE });
        await loadVersions(kind);
      } else {
        toaster.create({ type: 'error', title: 'Upload failed', description: errorText(error) });
      }
    } finally {
      setReplacing(false);
    }
  }

  const current = versions?.versions.find((entry) => entry.current);

  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Price Grids
      </Heading>
      <Field.Root maxW="md">
        <Field.Label>Price grid</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={kind}
            onChange={(event) => {
              forgetFile();
              setKind(event.target.value as GridKind);
            }}
          >
            {GRID_KINDS.map((value) => (
              <option key={value} value={value}>
                {GRID_NAMES[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Box as="section" aria-labelledby="grid-current-heading" minW="0">
        <Heading as="h3" id="grid-current-heading" size="md" mb="2">
          {GRID_NAMES[kind]}
        </Heading>
        {loadError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{loadError}</Alert.Title>
            <Button size="xs" variant="outline" ms="auto" onClick={() => void loadVersions(kind)}>
              Retry
            </Button>
          </Alert.Root>
        ) : !versions ? (
          <HStack role="status">
            <Spinner size="sm" color="brand.600" />
            <Text>Loading versions…</Text>
          </HStack>
        ) : (
          <Stack gap="4" minW="0">
            <Text data-testid="current-grid-version">
              Current version: <strong>{versions.currentVersion ?? 'built-in grid'}</strong>
              {current && ` · ${current.rowCount} rows`}
            </Text>
            <VersionHistory kind={kind} versions={versions} />
          </Stack>
        )}
      </Box>

      <Box as="section" aria-labelledby="grid-upload-heading">
        <Heading as="h3" id="grid-upload-heading" size="md" mb="2">
          Replace with a CSV file
        </Heading>
        <Text color="gray.700" mb="3">
          Download the current version, edit it in a spreadsheet, and upload it here. The preview shows every row that
          changes before anything is replaced; the previous version stays downloadable.
        </Text>
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'brand.500' : 'gray.300'}
          bg={dragging ? 'brand.50' : 'white'}
          borderRadius="lg"
          p="5"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <chakra.label htmlFor="grid-csv-file" display="block" fontWeight="medium" mb="2">
            CSV file of the {GRID_NAMES[kind]} grid
          </chakra.label>
          <input
            ref={fileInput}
            id="grid-csv-file"
            type="file"
            accept=".csv,text/csv"
            style={{ maxWidth: '100%' }}
            aria-describedby="grid-csv-file-hint"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
          <Text id="grid-csv-file-hint" mt="1" fontSize="sm" color="gray.600">
            Or drag the file onto this box.
          </Text>
          {file && (
            <Text mt="2" fontSize="sm">
              Chosen: <strong>{file.name}</strong>
            </Text>
          )}
        </Box>
        <HStack mt="4" gap="3" flexWrap="wrap">
          <Button
            colorPalette="brand"
            variant="outline"
            disabled={!file}
            loading={preview.state === 'previewing'}
            loadingText="Previewing..."
            onClick={() => void runPreview()}
          >
            Preview
          </Button>
          <Button
            colorPalette="brand"
            disabled={preview.state !== 'ready'}
            loading={replacing}
            loadingText="Replacing..."
            onClick={() => void confirmReplace()}
          >
            Confirm replace
          </Button>
        </HStack>
      </Box>

      {preview.state === 'refused' && (
        <Alert.Root status="error" role="alert" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The grid was not accepted. Fix these rows and preview again:</Alert.Title>
            <Alert.Description>
              <List.Root mt="2" ps="4">
                {preview.problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {preview.state === 'ready' && (
        <Box as="section" aria-labelledby="grid-preview-heading" minW="0">
          <Heading as="h3" id="grid-preview-heading" size="md" mb="2">
            Preview: {preview.rowCount} rows
          </Heading>
          <ChangesTable kind={kind} changes={preview.changes} />
        </Box>
      )}
      <VolumeTablesSection />
    </Stack>
  );
}
