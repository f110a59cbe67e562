import { Alert, Badge, Box, Button, Code, Dialog, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SubscriptionWithSecretResponse, TestDeliveryResponse } from '#domain/webhooks/api';
import type { SubscriptionView } from '#domain/webhooks/subscription';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';
import { WebhookActivityDialog } from './WebhookActivityDialog';
import { type EventChoice, WebhookFormDialog } from './WebhookFormDialog';
import { activeLabel, eventTypeLabel, healthSummary } from './webhook-labels';
import {
  deleteWebhookSubscription,
  fetchWebhookSubscriptions,
  rotateWebhookSecret,
  sendWebhookTestEvent,
} from './webhooks-api';

interface Subscriptions {
  subscriptions: SubscriptionView[];
  choices: EventChoice[];
}

const loadSubscriptions = (): Promise<Subscriptions> =>
  fetchWebhookSubscriptions().then(({ subscriptions, eventTypes }) => ({ subscriptions, choices: eventTypes }));

/** The signing secret, shown this once after create or rotate, with a copy button. */
function SecretDialog({ secret, onClose }: { secret: SubscriptionWithSecretResponse | null; onClose: () => void }) {
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.secret);
      toaster.create({ type: 'success', title: 'Signing secret copied.' });
    } catch {
      toaster.create({ type: 'error', title: 'The secret could not be copied: select it and copy it by hand.' });
    }
  }
  return (
    <SiteDialog
      open={secret !== null}
      onClose={onClose}
      role="alertdialog"
      closeButton={false}
      title="Signing secret"
      subtitle={
        secret && (
          <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
            {secret.subscription.url}
          </Text>
        )
      }
      footer={
        <Dialog.ActionTrigger asChild>
          <Button colorPalette="brand">I have copied it</Button>
        </Dialog.ActionTrigger>
      }
    >
      <Stack gap="3">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>You will not see this secret again.</Alert.Title>
            <Alert.Description>
              Copy it into the receiver now, which verifies each delivery's signature with it. If it is lost, rotate it.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Input
            readOnly
            aria-label="Signing secret"
            value={secret?.secret ?? ''}
            fontFamily="mono"
            fontSize="sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" colorPalette="brand" onClick={copy}>
            Copy
          </Button>
        </Flex>
      </Stack>
    </SiteDialog>
  );
}

/** What the receiver answered to "Send Test Event", under the subscription it was sent to. */
function TestResult({ result }: { result: TestDeliveryResponse }) {
  return (
    <Box
      role="status"
      mt="3"
      borderWidth="1px"
      borderColor={result.ok ? 'green.300' : 'red.300'}
      bg={result.ok ? 'green.50' : 'red.50'}
      rounded="md"
      p="3"
    >
      <Text fontWeight="semibold">
        Test event {result.ok ? 'delivered' : 'failed'}:{' '}
        {result.status === null ? 'no answer' : `HTTP ${result.status}`} in {result.durationMs} ms
      </Text>
      {result.error && <Text color="red.700">{result.error}</Text>}
      {result.bodyExcerpt && (
        <Code
          display="block"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
          mt="2"
          p="2"
          fontSize="xs"
          aria-label="Receiver's answer"
        >
          {result.bodyExcerpt}
        </Code>
      )}
    </Box>
  );
}

function SubscriptionCard({
  subscription,
  testResult,
  onEdit,
  onTest,
  onRotate,
  onActivity,
  onDelete,
}: {
  subscription: SubscriptionView;
  testResult: TestDeliveryResponse | undefined;
  onEdit: () => void;
  onTest: () => Promise<void>;
  onRotate: () => void;
  onActivity: () => void;
  onDelete: () => void;
}) {
  const [testing, setTesting] = useState(false);
  const health = healthSummary(subscription.health);
  const headingId = `webhook-${subscription.id}`;
  const test = async () => {
    setTesting(true);
    await onTest().finally(() => setTesting(false));
  };
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
      <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
        <Heading as="h3" id={headingId} size="sm" color="brand.800" overflowWrap="anywhere" minW="0">
          {subscription.url}
        </Heading>
        <Badge colorPalette={subscription.active ? 'green' : 'gray'} variant="subtle">
          {activeLabel(subscription)}
        </Badge>
      </Flex>
      {subscription.description && <Text color="gray.700">{subscription.description}</Text>}
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="Events">
          {subscription.events
            .map((event) => `${eventTypeLabel(event.type)}${event.shape === 'spreadsheet' ? ' (spreadsheet)' : ''}`)
            .join(', ')}
        </RecordDetail>
        <RecordDetail label="Health">
          <Badge colorPalette={health.palette} variant="subtle" whiteSpace="normal">
            {health.text}
          </Badge>
          {subscription.health.failingSince && (
            <Text fontSize="sm" color="red.700">
              Failing since{' '}
              <time dateTime={subscription.health.failingSince}>
                {staffDateTimeFormat.format(new Date(subscription.health.failingSince))}
              </time>
            </Text>
          )}
        </RecordDetail>
        <RecordDetail label="Last attempt">
          {subscription.health.lastAttemptAt ? (
            <time dateTime={subscription.health.lastAttemptAt}>
              {staffDateTimeFormat.format(new Date(subscription.health.lastAttemptAt))}
            </time>
          ) : (
            'None yet'
          )}
        </RecordDetail>
        <RecordDetail label="Signing secret">
          <Text as="span" fontFamily="mono" fontSize="sm">
            {subscription.secretHint}
          </Text>
        </RecordDetail>
      </Box>
      <Flex gap="2" wrap="wrap" mt="4">
        <Button size="sm" colorPalette="brand" loading={testing} loadingText="Sending…" onClick={test}>
          Send Test Event
        </Button>
        <Button size="sm" variant="outline" colorPalette="brand" onClick={onActivity}>
          Attempts and Dead Letters
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="outline" onClick={onRotate}>
          Rotate Secret
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete}>
          Delete
        </Button>
      </Flex>
      {testResult && <TestResult result={testResult} />}
    </Box>
  );
}

type Editing = { subscription: SubscriptionView | null } | null;

/** Staff's webhook subscriptions: add and edit them, see their health, test them, rotate their secret, read their log and redeliver. */
export function WebhooksTab() {
  const list = useResource(loadSubscriptions);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<SubscriptionWithSecretResponse | null>(null);
  const [rotating, setRotating] = useState<SubscriptionView | null>(null);
  const [deleting, setDeleting] = useState<SubscriptionView | null>(null);
  const [activity, setActivity] = useState<SubscriptionView | null>(null);
  const [testResults, setTestResults] = useState<Record<string, TestDeliveryResponse>>({});

  const replace = (subscription: SubscriptionView) =>
    list.update((current) => ({
      ...current,
      subscriptions: current.subscriptions.map((item) => (item.id === subscription.id ? subscription : item)),
    }));

  async function test(subscription: SubscriptionView) {
    try {
      const result = await sendWebhookTestEvent(subscription.id);
      setTestResults((current) => ({ ...current, [subscription.id]: result }));
      // The attempt changes the webhook's health: the list is read again, kept on screen meanwhile.
      list.refresh();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The test event could not be sent. Please try again.',
      });
    }
  }

  async function rotate(subscription: SubscriptionView) {
    try {
      const rotated = await rotateWebhookSecret(subscription.id);
      setRotating(null);
      replace(rotated.subscription);
      setSecret(rotated);
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The secret could not be rotated. Please try again.',
      });
    }
  }

  async function remove(subscription: SubscriptionView) {
    try {
      await deleteWebhookSubscription(subscription.id);
      setDeleting(null);
      list.update((current) => ({
        ...current,
        subscriptions: current.subscriptions.filter((item) => item.id !== subscription.id),
      }));
      toaster.create({ type: 'success', title: 'Webhook deleted.' });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The webhook could not be deleted. Please try again.',
      });
    }
  }

  return (
    <Stack as="section" gap="4" aria-labelledby="admin-webhooks">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" id="admin-webhooks" size="lg">
          Webhooks
        </Heading>
        <Button
          colorPalette="brand"
          disabled={list.state.kind !== 'loaded'}
          onClick={() => setEditing({ subscription: null })}
        >
          Add Webhook
        </Button>
      </Flex>
      <Text color="gray.700">
        The shop posts its events to these URLs, signed as the Standard Webhooks specification says, and retries a
        failed delivery for about a day before it becomes a dead letter.
      </Text>
      <LoadState
        resource={list.state}
        loading="Loading webhooks…"
        failed="Failed to load webhooks"
        onRetry={list.reload}
      >
        {({ subscriptions, choices }) => (
          <>
            {subscriptions.length === 0 ? (
              <Text color="gray.700">No webhooks yet. Add one to send the shop's events to another system.</Text>
            ) : (
              <Stack as="ul" gap="3" p="0" m="0">
                {subscriptions.map((subscription) => (
                  <SubscriptionCard
                    key={subscription.id}
                    subscription={subscription}
                    testResult={testResults[subscription.id]}
                    onEdit={() => setEditing({ subscription })}
                    onTest={() => test(subscription)}
                    onRotate={() => setRotating(subscription)}
                    onActivity={() => setActivity(subscription)}
                    onDelete={() => setDeleting(subscription)}
                  />
                ))}
              </Stack>
            )}
            <WebhookFormDialog
              open={editing !== null}
              subscription={editing?.subscription ?? null}
              choices={choices}
              onClose={() => setEditing(null)}
              onSaved={(subscription) => {
                setEditing(null);
                replace(subscription);
              }}
              onCreated={(created) => {
                setEditing(null);
                list.update((current) => ({
                  ...current,
                  subscriptions: [created.subscription, ...current.subscriptions],
                }));
                setSecret(created);
              }}
            />
          </>
        )}
      </LoadState>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      {rotating && (
        <ConfirmDialog
          open
          title="Rotate the signing secret?"
          message={`A new secret signs every delivery to ${rotating.url} from now on, and the old one stops working at once: the receiver must be given the new one.`}
          confirmLabel="Rotate Secret"
          onClose={() => setRotating(null)}
          onConfirm={() => rotate(rotating)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title="Delete this webhook?"
          message={`Nothing more is sent to ${deleting.url}, and its attempt log and dead letters are deleted with it. This cannot be undone.`}
          confirmLabel="Delete Webhook"
          onClose={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      )}
      {activity && <WebhookActivityDialog subscription={activity} onClose={() => setActivity(null)} />}
    </Stack>
  );
}
