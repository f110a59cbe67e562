import { Alert, Box, Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { shopDateAt } from '#domain/appointments/schedule';
import { volumeTiersText, type VolumeTier } from '#domain/pricing/discounts';
import { MAX_VOLUME_TIERS } from '#domain/pricing/volume-table-schema';
import { volumeTables, type VolumeTable } from '#domain/pricing/volume-tables';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { fetchVolumeTables, saveVolumeTable } from './admin-api';

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface TierRow {
  minBlinds: string;
  percent: string;
}

const rowsOf = (tiers: readonly VolumeTier[]): TierRow[] =>
  tiers.map((tier) => ({ minBlinds: String(tier.minBlinds), percent: String(tier.percent) }));

/**
 * The volume table staff keep: the one in effect, those scheduled, every one saved, and a new
 * table from a day on. The server checks every tier again and names the field at fault.
 */
export function VolumeTablesSection() {
  const [tables, setTables] = useState<VolumeTable[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [rows, setRows] = useState<TierRow[]>([]);
  const [effectiveFrom, setEffectiveFrom] = useState(() => shopDateAt(new Date()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const today = shopDateAt(new Date());

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const answer = await fetchVolumeTables();
      setTables(answer.tables);
      setRows((current) => (current.length > 0 ? current : rowsOf(volumeTables(answer.tables, today).current.tiers)));
    } catch {
      setLoadFailed(true);
    }
  }, [today]);
  useEffect(() => void load(), [load]);

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      const tiers = rows.map((row) => ({ minBlinds: Number(row.minBlinds), percent: Number(row.percent) }));
      await saveVolumeTable({ tiers, effectiveFrom });
      toaster.create({ type: 'success', title: 'Volume table saved' });
      await load();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toaster.create({
        type: 'error',
        title: 'The volume table was not saved',
        description: error instanceof ApiError ? error.message : 'Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  const setRow = (index: number, field: keyof TierRow, value: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const inEffect = tables ? volumeTables(tables, today) : null;

  return (
    <Box as="section" aria-labelledby="volume-tables-heading" minW="0">
      <Heading as="h3" id="volume-tables-heading" size="md" mb="2">
        Volume discounts
      </Heading>
      {loadFailed ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>The volume tables could not be loaded.</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={() => void load()}>
            Retry
          </Button>
        </Alert.Root>
      ) : !inEffect || !tables ? (
        <Text color="gray.700">Loading volume tables…</Text>
      ) : (
        <Stack gap="4">
          <Text data-testid="volume-table-in-effect">
            In effect: {volumeTiersText(inEffect.current.tiers)}
            {inEffect.current.savedBy === 'declared'
              ? ' (the shop’s declared table)'
              : ` (since ${inEffect.current.effectiveFrom})`}
          </Text>
          {tables.length > 0 && (
            // Focusable, so a keyboard can scroll it on a phone: nothing inside it takes focus.
            <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} aria-label="Volume tables saved">
              <Table.Root size="sm">
                <Table.Caption>Every table saved, latest to take effect first</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Effective from</Table.ColumnHeader>
                    <Table.ColumnHeader>Tiers</Table.ColumnHeader>
                    <Table.ColumnHeader>Saved</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {tables.map((table) => (
                    <Table.Row key={`${table.effectiveFrom}-${table.savedAt}`}>
                      <Table.Cell>
                        {table.effectiveFrom}
                        {table.effectiveFrom > today ? ' (scheduled)' : ''}
                      </Table.Cell>
                      <Table.Cell>{volumeTiersText(table.tiers)}</Table.Cell>
                      <Table.Cell>{savedAtFormat.format(new Date(table.savedAt))}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <Stack gap="3" as="fieldset">
            <Text as="legend" fontWeight="semibold" mb="2">
              New table
            </Text>
            {rows.map((row, index) => (
              <HStack key={index} gap="3" align="start" wrap="wrap">
                <Box w="40">
                  <FormField
                    id={`volume-tier-${index}-blinds`}
                    name={`tiers.${index}.minBlinds`}
                    label={`Tier ${index + 1}: from blinds`}
                    error={errors[`tiers.${index}.minBlinds`]}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        value={row.minBlinds}
                        onChange={(event) => setRow(index, 'minBlinds', event.target.value)}
                      />
                    )}
                  </FormField>
                </Box>
                <Box w="40">
                  <FormField
                    id={`volume-tier-${index}-percent`}
                    name={`tiers.${index}.percent`}
                    label={`Tier ${index + 1}: percent off`}
                    error={errors[`tiers.${index}.percent`]}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        value={row.percent}
                        onChange={(event) => setRow(index, 'percent', event.target.value)}
                      />
                    )}
                  </FormField>
                </Box>
                <Button
                  mt="7"
                  size="sm"
                  variant="outline"
                  aria-label={`Remove tier ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                >
                  Remove
                </Button>
              </HStack>
            ))}
            {errors.tiers && (
              <Text color="red.700" role="alert">
                {errors.tiers}
              </Text>
            )}
            <Box w="56">
              <FormField
                id="volume-effective-from"
                name="effectiveFrom"
                label="Effective from"
                error={errors.effectiveFrom}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    min={today}
                    value={effectiveFrom}
                    onChange={(event) => setEffectiveFrom(event.target.value)}
                  />
                )}
              </FormField>
            </Box>
            <HStack gap="3" wrap="wrap">
              <Button
                variant="outline"
                disabled={rows.length >= MAX_VOLUME_TIERS}
                onClick={() => setRows((current) => [...current, { minBlinds: '', percent: '' }])}
              >
                Add tier
              </Button>
              <Button colorPalette="brand" loading={saving} loadingText="Saving..." onClick={() => void save()}>
                Save table
              </Button>
            </HStack>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
