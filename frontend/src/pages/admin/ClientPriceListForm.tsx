import { Box, Button, chakra, HStack, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import type { ClientSummary } from '#domain/accounts/customer-directory';
import { shopDateAt } from '#domain/appointments/schedule';
import { FAMILIES, FAMILY_IDS, SERIES_IDS, seriesInfo, type FamilyId } from '#domain/catalogue/families';
import type { ClientPriceList } from '#domain/pricing/price-list';
import { clientPriceListInputSchema, type ClientPriceListInput } from '#domain/pricing/price-list-schema';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { FormField } from '../../components/form/FormField';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { useZodForm } from '../../lib/use-zod-form';
import { fetchClientPriceList, removeClientPriceList, saveClientPriceList } from './admin-api';

interface SeriesRow {
  family: FamilyId;
  series: string;
  percentOff: string;
}

interface PriceListValues {
  /** Percent off per family as typed; blank: the family keeps its list price. */
  families: Record<FamilyId, string>;
  series: SeriesRow[];
  startsOn: string;
  endsOn: string;
}

function valuesOf(list: ClientPriceList | null): PriceListValues {
  const today = shopDateAt(new Date());
  const percentOf = (family: FamilyId) => list?.families.find((row) => row.family === family)?.percentOff;
  return {
    families: Object.fromEntries(FAMILY_IDS.map((family) => [family, String(percentOf(family) ?? '')])) as Record<
      FamilyId,
      string
    >,
    series: (list?.series ?? []).map((row) => ({ ...row, percentOff: String(row.percentOff) })),
    startsOn: list?.startsOn ?? today,
    endsOn: list?.endsOn ?? '',
  };
}

/** The families given a percent, in the order the request lists them (and its errors name them: `families.0.percentOff`). */
const filledFamilies = (values: PriceListValues) =>
  FAMILY_IDS.filter((family) => values.families[family].trim() !== '');

/** Typed numbers as JSON numbers; text that is no number stays text, for the schema to name. */
const numberOf = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

function requestOf(values: PriceListValues): unknown {
  return {
    families: filledFamilies(values).map((family) => ({ family, percentOff: numberOf(values.families[family]) })),
    series: values.series.map((row) => ({ ...row, percentOff: numberOf(row.percentOff) })),
    startsOn: values.startsOn,
    endsOn: values.endsOn,
  };
}

function PriceListFields({
  client,
  saved,
  onChanged,
}: {
  client: ClientSummary;
  saved: ClientPriceList | null;
  onChanged: () => void;
}) {
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const clientName = `${client.firstName} ${client.lastName}`;
  const remove = async () => {
    try {
      await removeClientPriceList(client.id);
      toaster.create({ type: 'success', title: `Price list removed: ${clientName} buys at list prices.` });
      setConfirmingRemoval(false);
      onChanged();
    } catch {
      toaster.create({ type: 'error', title: 'The price list could not be removed.' });
    }
  };
  const form = useZodForm<PriceListValues, ClientPriceListInput>(() => valuesOf(saved), {
    schema: clientPriceListInputSchema,
  });
  const { values, errors } = form;
  // A family's field is named as the request lists it, so the server's and the schema's errors find it.
  const familyFieldName = (family: FamilyId) => {
    const index = filledFamilies(values).indexOf(family);
    return index < 0 ? `families.${family}` : `families.${index}.percentOff`;
  };
  const setSeries = (index: number, change: Partial<SeriesRow>) =>
    form.set(
      'series',
      values.series.map((row, at) => (at === index ? { ...row, ...change } : row)),
    );
  const save = () =>
    form.submit(async (input) => {
      try {
        await saveClientPriceList(client.id, input);
        toaster.create({ type: 'success', title: `Price list saved for ${clientName}.` });
        onChanged();
      } catch (error) {
        toaster.create({ type: 'error', title: 'The price list could not be saved.' });
        throw error;
      }
    }, requestOf(values));
  const idPrefix = `price-list-${client.id}`;
  return (
    <chakra.form
      ref={form.formRef}
      noValidate
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
        {FAMILY_IDS.map((family) => (
          <FormField
            key={family}
            id={`${idPrefix}-${family}`}
            name={familyFieldName(family)}
            label={`${FAMILIES[family].name}: percent off`}
            error={errors[familyFieldName(family)]}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={values.families[family]}
                onChange={(event) => form.set('families', { ...values.families, [family]: event.target.value })}
              />
            )}
          </FormField>
        ))}
      </Box>
      <Stack gap="2">
        <Text fontWeight="semibold">Series with their own percent (instead of the family&apos;s)</Text>
        {values.series.map((row, index) => (
          <HStack key={index} gap="3" align="flex-end" wrap="wrap">
            <FormField id={`${idPrefix}-series-${index}-family`} name={`series.${index}.family`} label="Product">
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...control}
                    value={row.family}
                    onChange={(event) => {
                      const family = event.target.value as FamilyId;
                      setSeries(index, { family, series: SERIES_IDS[family][0] });
                    }}
                  >
                    {FAMILY_IDS.map((family) => (
                      <option key={family} value={family}>
                        {FAMILIES[family].name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField
              id={`${idPrefix}-series-${index}-series`}
              name={`series.${index}.series`}
              label="Series"
              error={errors[`series.${index}.series`]}
            >
              {(control) => (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    {...control}
                    value={row.series}
                    onChange={(event) => setSeries(index, { series: event.target.value })}
                  >
                    {SERIES_IDS[row.family].map((series) => (
                      <option key={series} value={series}>
                        {seriesInfo(row.family, series).label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
              )}
            </FormField>
            <FormField
              id={`${idPrefix}-series-${index}-percent`}
              name={`series.${index}.percentOff`}
              label="Percent off"
              error={errors[`series.${index}.percentOff`]}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={row.percentOff}
                  onChange={(event) => setSeries(index, { percentOff: event.target.value })}
                />
              )}
            </FormField>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                form.set(
                  'series',
                  values.series.filter((_, at) => at !== index),
                )
              }
            >
              Remove
            </Button>
          </HStack>
        ))}
        <Button
          alignSelf="flex-start"
          variant="outline"
          size="sm"
          onClick={() =>
            form.set('series', [...values.series, { family: 'faux-wood-blinds', series: 'standard', percentOff: '' }])
          }
        >
          Add a series
        </Button>
      </Stack>
      <HStack gap="3" align="flex-start" wrap="wrap">
        <FormField id={`${idPrefix}-starts`} name="startsOn" label="Start date" required error={errors.startsOn}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.startsOn}
              onChange={(event) => form.set('startsOn', event.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-ends`} name="endsOn" label="End date" required error={errors.endsOn}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.endsOn}
              onChange={(event) => form.set('endsOn', event.target.value)}
            />
          )}
        </FormField>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" colorPalette="brand" loading={form.submitting}>
          Save price list
        </Button>
        {saved && (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmingRemoval(true)}>
            Remove price list
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={confirmingRemoval}
        title="Remove this price list?"
        message={`${clientName} will buy at list prices, with volume discounts and promotions, from now on.`}
        confirmLabel="Remove Price List"
        onConfirm={remove}
        onClose={() => setConfirmingRemoval(false)}
      />
    </chakra.form>
  );
}

/**
 * A client's contract prices (domain/pricing/price-list.ts), for staff: a percent off per family,
 * series of their own, and the days it is in effect. The client then sees "Your price" everywhere.
 */
export function ClientPriceListForm({ client }: { client: ClientSummary }) {
  const load = useCallback((request: { signal: AbortSignal }) => fetchClientPriceList(client.id, request), [client.id]);
  const { state, reload } = useResource(load);
  const headingId = `price-list-${client.id}-heading`;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
    >
      <Heading as="h3" id={headingId} size="sm" color="brand.800" mb="3">
        Price list: {client.firstName} {client.lastName}
      </Heading>
      <LoadState
        resource={state}
        loading="Loading the price list…"
        failed="Could not load the price list"
        onRetry={reload}
      >
        {({ priceList }) => (
          // Keyed by the list, so the form shows it as saved, or empty once removed.
          <PriceListFields key={priceList?.updatedAt ?? 'none'} client={client} saved={priceList} onChanged={reload} />
        )}
      </LoadState>
    </Box>
  );
}
