import { Alert, Badge, Box, Button, Flex, Heading, List, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CONFIGURATION_TOASTS } from '#domain/punchout/configuration';
import { toaster } from '../../components/layout/toast-queue';
import {
  INTEGRATION_CHECKS,
  type DeadLetter,
  type IntegrationRun,
  type IntegrationStatus,
  type LockOut,
  type MonitorAnswer,
} from '#domain/punchout/monitor';
import { fetchDeadLetters, fetchMonitor, retryDeadLetter, runIntegrationTests } from './punchout-api';
import { staffDateTimeFormat } from './RecordDetail';
import { Loading } from '../../components/layout/LoadState';

const STATUS_LABELS: Record<IntegrationStatus, string> = { online: 'Online', degraded: 'Degraded', offline: 'Offline' };

/** A counter the server could not read (the database did not answer) is null. */
const counterText = (value: number | null) => (value === null ? 'Unavailable' : String(value));

type Loaded<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; value: T };

function useLoaded<T>(fetch: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const reload = useCallback(() => {
    fetch().then(
      (value) => setState({ kind: 'loaded', value }),
      () => setState({ kind: 'failed' }),
    );
  }, [fetch]);
  useEffect(reload, [reload]);
  return { state, reload };
}

function Counter({
  label,
  value,
  wide = false,
  children,
}: {
  label: string;
  value: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      gridColumn={wide ? '1 / -1' : undefined}
    >
      <Text as="dt" fontSize="sm" fontWeight="semibold" color="gray.700">
        {label}
      </Text>
      <Box as="dd" m="0">
        <Text fontSize="2xl" fontWeight="bold" color="brand.800">
          {value}
        </Text>
        {children}
      </Box>
    </Box>
  );
}

function Counters({ monitor }: { monitor: MonitorAnswer }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
      <Counter label="Total Orders" value={counterText(monitor.totalOrders)} />
      <Counter label="Total Invoices" value={counterText(monitor.totalInvoices)} />
      <Counter label="Active RealPage Configs" value={counterText(monitor.activeConfigurations)} />
      <Counter label="Orders awaiting action" value={counterText(monitor.ordersAwaitingAction)} />
      <Counter label="Integration Status" value={STATUS_LABELS[monitor.integrationStatus]} wide>
        <Text fontSize="sm" color="gray.700">
          {monitor.integrationStatusReason}
        </Text>
      </Counter>
    </SimpleGrid>
  );
}

function lockOutLabel(lockOut: LockOut): string {
  return lockOut.kind === 'identity'
    ? `Identity ${lockOut.subject}${lockOut.propertyName ? ` (${lockOut.propertyName})` : ''}`
    : `Address ${lockOut.subject}`;
}

/** The punch-out credentials staff must know about: configurations without a usable secret or let in without one, and the guess limit's lock-outs. */
function Credentials({ monitor }: { monitor: MonitorAnswer }) {
  const warnings = monitor.credentialWarnings ?? [];
  const lockOuts = monitor.lockOuts ?? [];
  return (
    <Stack
      as="section"
      gap="3"
      aria-labelledby="credentials-heading"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
    >
      <Heading as="h3" id="credentials-heading" size="md">
        Punch-out credentials
      </Heading>
      {warnings.length === 0 ? (
        <Text color="gray.700">No configuration goes without a usable shared secret.</Text>
      ) : (
        <Stack as="ul" gap="2" p="0" aria-label="Credential warnings">
          {warnings.map((warning) => (
            <Box
              as="li"
              key={warning.configurationId}
              listStyleType="none"
              borderLeftWidth="3px"
              borderColor="orange.400"
              ps="3"
            >
              <Text fontWeight="semibold">
                {warning.propertyName} ({warning.accountNumber})
              </Text>
              <Text fontSize="sm" overflowWrap="anywhere">
                {warning.warning}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      {lockOuts.length === 0 ? (
        <Text color="gray.700">Nobody is locked out for failed credentials.</Text>
      ) : (
        <Stack as="ul" gap="2" p="0" aria-label="Lock-outs">
          {lockOuts.map((lockOut) => (
            <Box as="li" key={`${lockOut.kind}-${lockOut.subject}-${lockOut.lockedUntil}`} listStyleType="none">
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {lockOutLabel(lockOut)}
              </Text>
              <Text fontSize="sm" color="gray.700">
                Locked out after {lockOut.failures} failed attempts until{' '}
                <time dateTime={lockOut.lockedUntil}>{staffDateTimeFormat.format(new Date(lockOut.lockedUntil))}</time>.
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function IntegrationTests({ onRun }: { onRun: () => void }) {
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<IntegrationRun | null>(null);
  async function runTests() {
    setRunning(true);
    try {
      const answer = await runIntegrationTests();
      setRun(answer);
      toaster.create(
        answer.ok
          ? { type: 'success', title: CONFIGURATION_TOASTS.integrationTestsPassed }
          : { type: 'error', title: CONFIGURATION_TOASTS.integrationTestsFailed },
      );
    } catch {
      setRun(null);
      toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.integrationTestsFailed });
    } finally {
      setRunning(false);
      onRun();
    }
  }
  return (
    <Stack
      as="section"
      gap="3"
      aria-labelledby="integration-tests-heading"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
    >
      <Heading as="h3" id="integration-tests-heading" size="md">
        Integration tests
      </Heading>
      <Text color="gray.700">For each active configuration:</Text>
      <List.Root ps="5">
        {INTEGRATION_CHECKS.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List.Root>
      <Button alignSelf="start" colorPalette="brand" onClick={runTests} disabled={running}>
        {running && <Spinner size="xs" />}
        {running ? 'Testing Integration...' : 'Run Integration Tests'}
      </Button>
      <Box aria-live="polite">
        {run && run.results.length === 0 && <Text>No active configuration to test.</Text>}
        {run && run.results.length > 0 && (
          <Stack as="ul" gap="3" p="0" aria-label="Integration test results">
            {run.results.map((configuration) => (
              <Box
                as="li"
                key={configuration.configurationId}
                listStyleType="none"
                borderTopWidth="1px"
                borderColor="gray.200"
                pt="3"
              >
                <Text fontWeight="semibold">
                  {configuration.propertyName} ({configuration.accountNumber})
                </Text>
                <Stack as="ul" gap="1" p="0" mt="1">
                  {configuration.checks.map((check) => (
                    <Flex as="li" key={check.name} listStyleType="none" gap="2" align="baseline" wrap="wrap">
                      <Badge colorPalette={check.ok ? 'green' : 'red'}>{check.ok ? 'ok' : 'failed'}</Badge>
                      <Text fontWeight="medium">{check.name}</Text>
                      {check.detail && (
                        <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                          {check.detail}
                        </Text>
                      )}
                    </Flex>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function DeadLetterRow({ deadLetter, onRetried }: { deadLetter: DeadLetter; onRetried: () => void }) {
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      await retryDeadLetter(deadLetter.id);
      toaster.create({ type: 'success', title: 'Delivery retried' });
      onRetried();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'Retry failed',
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setRetrying(false);
    }
  }
  return (
    <Flex
      as="li"
      listStyleType="none"
      justify="space-between"
      align="flex-start"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
      p="3"
      bg="white"
    >
      <Box minW="0">
        <Text fontWeight="semibold">
          {deadLetter.eventType} to {deadLetter.consumerId}
        </Text>
        <Text fontSize="sm" color="gray.700">
          <time dateTime={deadLetter.failedAt}>{staffDateTimeFormat.format(new Date(deadLetter.failedAt))}</time>
        </Text>
        <Text fontSize="sm" overflowWrap="anywhere">
          {deadLetter.error}
        </Text>
      </Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        loading={retrying}
        onClick={retry}
        aria-label={`Retry ${deadLetter.eventType} to ${deadLetter.consumerId}`}
      >
        Retry
      </Button>
    </Flex>
  );
}

function DeadLetters() {
  const { state, reload } = useLoaded(fetchDeadLetters);
  return (
    <Stack as="section" gap="3" aria-labelledby="dead-letters-heading">
      <Heading as="h3" id="dead-letters-heading" size="md">
        Failed event deliveries
      </Heading>
      {state.kind === 'loading' && <Loading gap="2">Loading failed deliveries…</Loading>}
      {state.kind === 'failed' && <Text role="alert">Failed to load failed deliveries.</Text>}
      {state.kind === 'loaded' && state.value.length === 0 && <Text color="gray.700">No failed deliveries.</Text>}
      {state.kind === 'loaded' && state.value.length > 0 && (
        <Stack as="ul" gap="2" p="0">
          {state.value.map((deadLetter) => (
            <DeadLetterRow key={deadLetter.id} deadLetter={deadLetter} onRetried={reload} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Real figures of orders, invoices and configurations, the integration's derived status, the punch-out credentials, the integration tests and the failed event deliveries. */
export function SystemMonitorTab() {
  const { state, reload } = useLoaded(fetchMonitor);
  return (
    <Stack as="section" gap="6" aria-labelledby="system-monitor-heading">
      <Heading as="h2" id="system-monitor-heading" size="lg">
        System Monitor
      </Heading>
      {state.kind === 'loading' && <Loading minH="24">Loading the monitor…</Loading>}
      {state.kind === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load the monitor</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            Retry
          </Button>
        </Alert.Root>
      )}
      {state.kind === 'loaded' && <Counters monitor={state.value} />}
      {state.kind === 'loaded' && state.value.credentialWarnings !== null && <Credentials monitor={state.value} />}
      <IntegrationTests onRun={reload} />
      <DeadLetters />
    </Stack>
  );
}
