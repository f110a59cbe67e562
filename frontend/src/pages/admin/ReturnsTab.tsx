import {
  Alert,
  Box,
  Button,
  Flex,
  Heading,
  Image,
  Link,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { formatCents } from '#domain/pricing/money';
import {
  RETURN_ACTION_LABELS,
  RETURN_ACTIONS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  type ReturnAction,
  type ReturnKind,
  type ReturnStatus,
} from '#domain/returns/return-request';
import { ApiError } from '../../api/client';
import { fetchReturn, fetchReturns, moveReturn, type ReturnDetail, type ReturnSummary } from '../../api/returns';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

const kindLabel = (kind: ReturnKind) => (kind === 'remake' ? 'Fit Assurance remake' : 'Return');

/** The lifecycle buttons the transition table allows from the request's status. */
function actionsFor(request: { status: ReturnStatus; kind: ReturnKind }): ReturnAction[] {
  return RETURN_ACTIONS.filter((action) => {
    const transition = RETURN_TRANSITIONS[action];
    return (
      (transition.from as readonly ReturnStatus[]).includes(request.status) &&
      (transition.kinds as readonly ReturnKind[]).includes(request.kind)
    );
  });
}

/** The actions that move money or end the request: staff are asked first, told what will happen. */
type ConfirmedAction = Extract<ReturnAction, 'refund' | 'decline'>;
const isConfirmed = (action: ReturnAction): action is ConfirmedAction => action === 'refund' || action === 'decline';

function confirmation(action: ConfirmedAction, detail: ReturnDetail) {
  const refund = formatCents(detail.refundCents);
  return action === 'refund'
    ? {
        title: `Refund ${refund} to the customer's card?`,
        message: `${refund} for ${detail.returnNumber} goes back to the card that paid for ${detail.orderNumber} (an order on invoice is credited on its invoice), and ${detail.customer.name} is e-mailed. This cannot be undone.`,
        confirmLabel: `Refund ${refund}`,
      }
    : {
        title: `Decline ${detail.returnNumber}?`,
        message: `${detail.customer.name} is e-mailed that we cannot accept this request under our returns terms, and its blinds can be claimed again. This cannot be undone.`,
        confirmLabel: 'Decline Request',
      };
}

/** The toast of a step done: what happened, and that the customer was told (every step mails them). */
function doneMessage(action: ReturnAction, detail: ReturnDetail): string {
  if (action === 'refund')
    return `${detail.returnNumber}: ${formatCents(detail.refundCents)} refunded. The customer is e-mailed.`;
  return `${detail.returnNumber}: ${RETURN_STATUS_LABELS[detail.status]}. The customer is e-mailed.`;
}

function ReturnDetailPanel({ returnId, onChanged }: { returnId: string; onChanged: () => void }) {
  const load = useCallback((request: { signal: AbortSignal }) => fetchReturn(returnId, request), [returnId]);
  const { state, setData } = useResource(load);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState<ReturnAction | null>(null);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);

  async function act(action: ReturnAction) {
    setWorking(action);
    setProblem(null);
    try {
      const moved = await moveReturn(returnId, action, note);
      setData(moved);
      setNote('');
      toaster.create({ type: 'success', title: doneMessage(action, moved) });
      onChanged();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setWorking(null);
    }
  }

  return (
    <LoadState
      resource={state}
      loading="Loading the request…"
      failed={() => <Text color="red.700">Could not load this request.</Text>}
    >
      {(detail) => (
        <Stack gap="4" mt="4" borderTopWidth="1px" pt="4">
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
            <RecordDetail label="Reason">{RETURN_REASONS[detail.reason].label}</RecordDetail>
            <RecordDetail label="Customer">
              {detail.customer.name} <Link href={`mailto:${detail.customer.email}`}>{detail.customer.email}</Link>
            </RecordDetail>
            <RecordDetail label={detail.kind === 'return' ? 'Refund' : 'Remake'}>
              {detail.kind === 'return' ? formatCents(detail.refundCents) : 'At no charge'}
            </RecordDetail>
          </Box>
          {detail.note && <Text>“{detail.note}”</Text>}
          <List.Root ps="5">
            {detail.lines.map((line) => (
              <List.Item key={line.position}>
                {line.quantity} × {line.title} (item {line.position})
              </List.Item>
            ))}
          </List.Root>
          {detail.photoUrls.length > 0 ? (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4 }} gap="3" aria-label="Photos">
              {detail.photoUrls.map((url, index) => (
                <Box as="li" key={url}>
                  <Link href={url} target="_blank" rel="noreferrer">
                    <Image
                      src={url}
                      alt={`Photo ${index + 1} of ${detail.returnNumber}`}
                      h="32"
                      w="full"
                      objectFit="cover"
                      rounded="md"
                    />
                  </Link>
                </Box>
              ))}
            </SimpleGrid>
          ) : (
            <Text color="gray.700">No photos.</Text>
          )}
          <List.Root ps="5" fontSize="sm" color="gray.700" aria-label="History">
            {detail.history.map((entry) => (
              <List.Item key={`${entry.at}-${entry.status}`}>
                {staffDateTimeFormat.format(new Date(entry.at))}: {RETURN_STATUS_LABELS[entry.status]}
                {entry.note ? ` (${entry.note})` : ''}
              </List.Item>
            ))}
          </List.Root>
          {problem && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Root>
          )}
          {actionsFor(detail).length > 0 && (
            <Stack gap="2">
              <Textarea
                aria-label={`Note to the customer about ${detail.returnNumber}`}
                placeholder="Note to the customer (optional)"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                rows={2}
              />
              <Flex gap="2" wrap="wrap">
                {actionsFor(detail).map((action) => (
                  <Button
                    key={action}
                    colorPalette={action === 'decline' ? 'red' : 'brand'}
                    variant={action === 'decline' ? 'outline' : 'solid'}
                    loading={working === action}
                    onClick={() => (isConfirmed(action) ? setConfirming(action) : void act(action))}
                  >
                    {RETURN_ACTION_LABELS[action]}
                  </Button>
                ))}
              </Flex>
            </Stack>
          )}
          {confirming && (
            <ConfirmDialog
              open
              {...confirmation(confirming, detail)}
              onClose={() => setConfirming(null)}
              onConfirm={async () => {
                await act(confirming);
                setConfirming(null);
              }}
            />
          )}
        </Stack>
      )}
    </LoadState>
  );
}

function ReturnCard({ request, onChanged }: { request: ReturnSummary; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const headingId = `return-${request.returnNumber}`;
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
          {request.returnNumber}: {kindLabel(request.kind)} of {request.orderNumber}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {RETURN_STATUS_LABELS[request.status]} ·{' '}
          <time dateTime={request.createdAt}>{staffDateTimeFormat.format(new Date(request.createdAt))}</time>
        </Text>
      </Flex>
      <Text fontSize="sm" mt="1">
        {request.customer.name}: {request.blindCount} blind{request.blindCount === 1 ? '' : 's'},{' '}
        {RETURN_REASONS[request.reason].label}, {request.photoCount} photo{request.photoCount === 1 ? '' : 's'}
      </Text>
      <Button size="sm" variant="outline" mt="2" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide' : 'Open'} {request.returnNumber}
      </Button>
      {open && <ReturnDetailPanel returnId={request.id} onChanged={onChanged} />}
    </Box>
  );
}

/** Staff run return and remake requests: newest first, by status, with the photos and the lifecycle buttons. */
export function ReturnsTab() {
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const load = useCallback((request: { signal: AbortSignal }) => fetchReturns(status || undefined, request), [status]);
  // A status asked for while another is on its way replaces it: the earlier answer never lands.
  const { state, reload, refresh } = useResource(load);

  return (
    <Stack gap="4">
      <Heading as="h2" size="xl" color="brand.800">
        Returns and remakes
      </Heading>
      <NativeSelect.Root maxW="xs">
        <NativeSelect.Field
          aria-label="Show requests"
          value={status}
          onChange={(event) => setStatus(event.target.value as ReturnStatus | '')}
        >
          <option value="">All requests</option>
          {RETURN_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RETURN_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <LoadState resource={state} loading="Loading requests…" failed="Could not load the requests" onRetry={reload}>
        {({ returns }) =>
          returns.length === 0 ? (
            <Text color="gray.700">No requests.</Text>
          ) : (
            <Stack as="ul" gap="3" ps="0">
              {returns.map((request) => (
                <ReturnCard key={request.id} request={request} onChanged={refresh} />
              ))}
            </Stack>
          )
        }
      </LoadState>
    </Stack>
  );
}
