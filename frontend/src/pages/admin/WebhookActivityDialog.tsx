import { Badge, Box, Button, Dialog, Flex, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState, type ReactNode } from 'react';
import type { DeadLetter, DeliveryAttempt } from '#domain/webhooks/delivery';
import type { SubscriptionView } from '#domain/webhooks/subscription';
import { ApiError } from '../../api/client';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { toaster } from '../../components/layout/toast-queue';
import { PagedSection, usePagedList } from './PagedList';
import { staffDateTimeFormat } from './RecordDetail';
import { eventTypeLabel } from './webhook-labels';
import { fetchWebhookAttempts, fetchWebhookDeadLetters, redeliverWebhookEvent } from './webhooks-api';

const TRIGGER_LABELS: Record<DeliveryAttempt['trigger'], string> = {
  delivery: 'Delivery',
  redelivery: 'Redelivery',
  test: 'Test event',
};

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{staffDateTimeFormat.format(new Date(iso))}</time>;
}

function Outcome({ ok, status }: { ok: boolean; status: number | null }) {
  return (
    <Badge colorPalette={ok ? 'green' : 'red'} variant="subtle">
      {status === null ? (ok ? 'OK' : 'No answer') : `HTTP ${status}`}
    </Badge>
  );
}

function Redeliver({
  subscriptionId,
  eventId,
  eventType,
}: {
  subscriptionId: string;
  eventId: string;
  eventType: string;
}) {
  const [busy, setBusy] = useState(false);
  async function redeliver() {
    setBusy(true);
    try {
      await redeliverWebhookEvent(subscriptionId, eventId);
      toaster.create({ type: 'success', title: `${eventTypeLabel(eventType)} queued for redelivery.` });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The event could not be redelivered. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="brand"
      loading={busy}
      onClick={redeliver}
      aria-label={`Redeliver ${eventTypeLabel(eventType).toLowerCase()} ${eventId}`}
    >
      Redeliver
    </Button>
  );
}

/** One row of a log: what happened on the first line, the details under it; it wraps on a phone. */
function LogRow({ children, detail }: { children: ReactNode; detail?: ReactNode }) {
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
      <Flex gap="2" wrap="wrap" align="center">
        {children}
      </Flex>
      {detail}
    </Box>
  );
}

function AttemptRow({ subscriptionId, attempt }: { subscriptionId: string; attempt: DeliveryAttempt }) {
  return (
    <LogRow
      detail={
        attempt.error && (
          <Text fontSize="sm" color="red.700" mt="1" overflowWrap="anywhere">
            {attempt.error}
          </Text>
        )
      }
    >
      <Text fontSize="sm" fontWeight="semibold">
        <DateTime iso={attempt.at} />
      </Text>
      <Outcome ok={attempt.ok} status={attempt.status} />
      <Text fontSize="sm">{attempt.durationMs} ms</Text>
      <Text fontSize="sm" color="gray.700">
        {eventTypeLabel(attempt.eventType)} · {TRIGGER_LABELS[attempt.trigger]} · attempt {attempt.attempt}
      </Text>
      {attempt.trigger !== 'test' && (
        <Box ms="auto">
          <Redeliver subscriptionId={subscriptionId} eventId={attempt.eventId} eventType={attempt.eventType} />
        </Box>
      )}
    </LogRow>
  );
}

function DeadLetterRow({ subscriptionId, deadLetter }: { subscriptionId: string; deadLetter: DeadLetter }) {
  return (
    <LogRow
      detail={
        <Text fontSize="sm" color="gray.700" mt="1" overflowWrap="anywhere">
          Event of <DateTime iso={deadLetter.eventTime} />, given up <DateTime iso={deadLetter.deadAt} /> after{' '}
          {deadLetter.attempts} attempts
          {deadLetter.lastError ? `: ${deadLetter.lastError}` : '.'}
        </Text>
      }
    >
      <Text fontSize="sm" fontWeight="semibold">
        {eventTypeLabel(deadLetter.eventType)}
      </Text>
      <Outcome ok={false} status={deadLetter.lastStatus} />
      <Box ms="auto">
        <Redeliver subscriptionId={subscriptionId} eventId={deadLetter.eventId} eventType={deadLetter.eventType} />
      </Box>
    </LogRow>
  );
}

/** A subscription's attempt log and dead letters, newest first, a page at a time; any logged or dead event can be redelivered. */
export function WebhookActivityDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionView;
  onClose: () => void;
}) {
  const fetchAttempts = useCallback(
    (cursor: string | null) =>
      fetchWebhookAttempts(subscription.id, cursor).then(({ attempts, nextCursor }) => ({
        items: attempts,
        nextCursor,
      })),
    [subscription.id],
  );
  const fetchDeadLetters = useCallback(
    (cursor: string | null) =>
      fetchWebhookDeadLetters(subscription.id, cursor).then(({ deadLetters, nextCursor }) => ({
        items: deadLetters,
        nextCursor,
      })),
    [subscription.id],
  );
  const attempts = usePagedList(fetchAttempts);
  const deadLetters = usePagedList(fetchDeadLetters);
  return (
    <SiteDialog
      open
      onClose={onClose}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      titleFontSize="xl"
      title="Webhook activity"
      subtitle={
        <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
          {subscription.url}
        </Text>
      }
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      }
    >
      <Stack gap="8">
        <PagedSection id="webhook-attempts" title="Delivery attempts" noun="attempts" list={attempts}>
          {(items) => (
            <Stack as="ol" gap="2" p="0" m="0">
              {items.map((attempt) => (
                <AttemptRow
                  key={`${attempt.eventId}-${attempt.trigger}-${attempt.attempt}-${attempt.at}`}
                  subscriptionId={subscription.id}
                  attempt={attempt}
                />
              ))}
            </Stack>
          )}
        </PagedSection>
        <PagedSection
          id="webhook-dead-letters"
          title="Dead letters"
          noun="dead letters"
          list={deadLetters}
          emptyText="No dead letters: every event was delivered or is still being retried."
        >
          {(items) => (
            <Stack as="ol" gap="2" p="0" m="0">
              {items.map((deadLetter) => (
                <DeadLetterRow key={deadLetter.eventId} subscriptionId={subscription.id} deadLetter={deadLetter} />
              ))}
            </Stack>
          )}
        </PagedSection>
      </Stack>
    </SiteDialog>
  );
}
