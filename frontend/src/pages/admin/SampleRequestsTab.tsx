import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  chakra,
  Flex,
  Heading,
  Input,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { CARRIER_NAMES, type Carrier } from '#domain/orders/carriers';
import { SAMPLE_REQUEST_STATUS_LABELS } from '#domain/samples/lifecycle';
import { SAMPLE_REQUEST_STATUSES, type SampleRequestStatus } from '#domain/samples/sample';
import {
  deliverSampleRequests,
  fetchSampleRequests,
  sendSampleRequests,
  type SampleMoveResult,
  type SampleRequest,
} from '../../api/samples';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form/FormField';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

const CARRIER_OPTIONS = CARRIER_NAMES.map((name) => ({ value: name, label: name }));
const FILTER_OPTIONS = [
  ...SAMPLE_REQUEST_STATUSES.map((status) => ({ value: status, label: SAMPLE_REQUEST_STATUS_LABELS[status] })),
  { value: 'all', label: 'All' },
];

type Filter = SampleRequestStatus | 'all';

function RequestCard({
  request,
  selected,
  onSelect,
}: {
  request: SampleRequest;
  selected: boolean;
  onSelect: ((checked: boolean) => void) | null;
}) {
  const headingId = `sample-request-${request.reference}`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor={selected ? 'brand.400' : 'gray.200'}
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Flex gap="3" align="center">
          {onSelect && (
            <Checkbox.Root
              colorPalette="brand"
              checked={selected}
              onCheckedChange={(d) => onSelect(d.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label srOnly>Select {request.reference}</Checkbox.Label>
            </Checkbox.Root>
          )}
          <Heading as="h3" id={headingId} size="sm" color="brand.800">
            {request.reference}
          </Heading>
          <Badge colorPalette={request.status === 'requested' ? 'orange' : 'gray'}>
            {SAMPLE_REQUEST_STATUS_LABELS[request.status]}
          </Badge>
        </Flex>
        <Text fontSize="sm" color="gray.700">
          <time dateTime={request.createdAt}>{staffDateTimeFormat.format(new Date(request.createdAt))}</time>
        </Text>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="Name">{request.name}</RecordDetail>
        <RecordDetail label="E-mail">
          <a href={`mailto:${request.email}`}>{request.email}</a>
          {request.phone && <Text>{request.phone}</Text>}
        </RecordDetail>
        <RecordDetail label="Ship to">
          {[request.address1, request.address2, `${request.city}, ${request.state} ${request.zipCode}`]
            .filter(Boolean)
            .join(', ')}
        </RecordDetail>
        <RecordDetail label="Sample shipping">
          {request.orderNumber ? `With order ${request.orderNumber}` : request.paidAt ? 'Paid by card' : 'Not paid'}
        </RecordDetail>
        {request.shipment && (
          <RecordDetail label="Sent">
            {request.shipment.trackingUrl ? (
              <a href={request.shipment.trackingUrl} target="_blank" rel="noreferrer">
                {request.shipment.carrier} {request.shipment.trackingNumber}
              </a>
            ) : (
              `${request.shipment.carrier} ${request.shipment.trackingNumber}`
            )}
          </RecordDetail>
        )}
      </Box>
      <Text mt="3" fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="gray.600">
        Samples ({request.samples.length})
      </Text>
      <List.Root mt="1" ps="5" fontSize="sm">
        {request.samples.map((sample) => (
          <List.Item key={sample.id}>
            {sample.productName}, {sample.color} ({sample.material})
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** Each chosen request to send, with its own carrier and tracking number. */
function SendForm({
  references,
  saving,
  onSubmit,
}: {
  references: string[];
  saving: boolean;
  onSubmit: (shipments: Array<{ reference: string; carrier: Carrier; trackingNumber: string }>) => void;
}) {
  const [carriers, setCarriers] = useState<Record<string, Carrier>>({});
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(
      references.map((reference) => ({
        reference,
        carrier: carriers[reference] ?? CARRIER_NAMES[0],
        trackingNumber: numbers[reference] ?? '',
      })),
    );
  }
  return (
    <chakra.form
      onSubmit={submit}
      noValidate
      aria-label="Mark sent"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
      p="4"
      bg="white"
    >
      <Stack gap="3">
        {references.map((reference) => (
          <SimpleGrid key={reference} columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
            <Text fontWeight="semibold">{reference}</Text>
            <LabelledSelect
              label={`Carrier for ${reference}`}
              field={{ id: `send-carrier-${reference}`, name: 'carrier' }}
              value={carriers[reference] ?? CARRIER_NAMES[0]}
              options={CARRIER_OPTIONS}
              onChange={(carrier) => setCarriers((current) => ({ ...current, [reference]: carrier as Carrier }))}
            />
            <FormField
              id={`send-tracking-${reference}`}
              name="trackingNumber"
              label={`Tracking number for ${reference}`}
            >
              {(control) => (
                <Input
                  {...control}
                  value={numbers[reference] ?? ''}
                  onChange={(event) => setNumbers((current) => ({ ...current, [reference]: event.target.value }))}
                />
              )}
            </FormField>
          </SimpleGrid>
        ))}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving}>
          Mark {references.length === 1 ? '1 request' : `${references.length} requests`} sent
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** What a staff move answered, told as a toast, with the refusals kept on the page. */
function reportMoves(results: SampleMoveResult[], verb: string): string[] {
  const moved = results.filter((result) => result.ok).length;
  const refused = results.flatMap((result) => (result.ok ? [] : [`${result.reference}: ${result.reason}`]));
  if (moved > 0)
    toaster.create({ type: 'success', title: `${moved} sample ${moved === 1 ? 'request' : 'requests'} ${verb}` });
  if (refused.length > 0) toaster.create({ type: 'error', title: `${refused.length} not ${verb}: see the list` });
  return refused;
}

/** Sample requests, newest first: the ones to send (chosen in bulk, each with its carrier and tracking number), then sent and delivered. */
export function SampleRequestsTab() {
  const requests = useResource(fetchSampleRequests);
  const [filter, setFilter] = useState<Filter>('requested');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);

  const select = (reference: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(reference);
      else next.delete(reference);
      return next;
    });

  async function move(run: () => Promise<SampleMoveResult[]>, verb: string) {
    setSaving(true);
    try {
      setRefusals(reportMoves(await run(), verb));
      setSelected(new Set());
      requests.reload();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : `The requests could not be ${verb}. Please try again.`,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Sample Requests
      </Heading>
      <Box maxW="xs">
        <LabelledSelect
          label="Show"
          field={{ id: 'sample-requests-filter', name: 'filter' }}
          value={filter}
          options={FILTER_OPTIONS}
          onChange={(value) => {
            setFilter(value as Filter);
            setSelected(new Set());
          }}
        />
      </Box>
      {refusals.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Not moved</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {refusals.map((refusal) => (
                  <List.Item key={refusal}>{refusal}</List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <LoadState
        resource={requests.state}
        loading="Loading sample requests…"
        failed="Failed to load sample requests"
        onRetry={requests.reload}
      >
        {(loaded) => {
          const shown = loaded.filter((request) => filter === 'all' || request.status === filter);
          const chosen = shown.filter((request) => selected.has(request.reference));
          const toSend = chosen.filter((request) => request.status === 'requested').map((r) => r.reference);
          const toDeliver = chosen.filter((request) => request.status === 'sent').map((r) => r.reference);
          return (
            <Stack gap="3">
              {toSend.length > 0 && (
                <SendForm
                  references={toSend}
                  saving={saving}
                  onSubmit={(shipments) => void move(() => sendSampleRequests(shipments), 'sent')}
                />
              )}
              {toDeliver.length > 0 && (
                <Button
                  alignSelf="start"
                  colorPalette="brand"
                  loading={saving}
                  onClick={() => void move(() => deliverSampleRequests(toDeliver), 'marked delivered')}
                >
                  Mark {toDeliver.length === 1 ? '1 request' : `${toDeliver.length} requests`} delivered
                </Button>
              )}
              {shown.length === 0 ? (
                <Text color="gray.700">No sample requests here.</Text>
              ) : (
                <Stack as="ul" gap="3" p="0">
                  {shown.map((request) => (
                    <RequestCard
                      key={request.id}
                      request={request}
                      selected={selected.has(request.reference)}
                      onSelect={
                        request.status === 'requested' || request.status === 'sent'
                          ? (checked) => select(request.reference, checked)
                          : null
                      }
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        }}
      </LoadState>
    </Stack>
  );
}
