/** The staff routes of the punch-out integration (domain/punchout/README.md): configurations, their clients and tests, invoices, the monitor. */
import type { z } from 'zod';
import { apiRequest } from '../../api/client';
import type {
  ConfigurationFormInput,
  ConfigurationSummary,
  ConfigurationView,
  punchoutClientSchema,
  SavedConfiguration,
} from '#domain/punchout/configuration';
import type { InvoiceExportFormat, InvoicesPage } from '#domain/punchout/invoice';
import type { ConfigurationTestAnswer, DeadLetter, IntegrationRun, MonitorAnswer } from '#domain/punchout/monitor';

const configurationsPath = '/admin/punchout/configurations';
const configurationPath = (configId: string) => `${configurationsPath}/${encodeURIComponent(configId)}`;

/** Every configuration, without shared secrets. */
export function fetchConfigurations(): Promise<ConfigurationSummary[]> {
  return apiRequest<{ configurations: ConfigurationSummary[] }>(configurationsPath, { auth: true }).then(
    ({ configurations }) => configurations,
  );
}

/** One configuration as the edit form shows it: never its secret, only whether one is set. */
export function fetchConfiguration(
  configId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigurationView> {
  return apiRequest<ConfigurationView>(configurationPath(configId), { auth: true, signal: options.signal });
}

/**
 * Creates (no id; the typed `sharedSecret`, or none to generate one) or updates the configuration;
 * the answer's `newSharedSecret` is a secret just set, shown this once. Rejects with an ApiError,
 * 409 naming `accountNumber` or `identity` when taken.
 */
export function saveConfiguration(configId: string | null, input: ConfigurationFormInput): Promise<SavedConfiguration> {
  return configId
    ? apiRequest<SavedConfiguration>(configurationPath(configId), { method: 'PUT', body: input, auth: true })
    : apiRequest<SavedConfiguration>(configurationsPath, { method: 'POST', body: input, auth: true });
}

/** A new generated secret, shown this once in the answer; the previous one keeps working for 7 days. */
export function rotateSecret(configId: string): Promise<SavedConfiguration> {
  return apiRequest<SavedConfiguration>(`${configurationPath(configId)}/secret`, {
    method: 'POST',
    body: {},
    auth: true,
  });
}

/** Sends a real PunchOutSetupRequest with the saved configuration's credentials to the shop's own cXML endpoint. */
export function testConfiguration(configId: string): Promise<ConfigurationTestAnswer> {
  return apiRequest<ConfigurationTestAnswer>(`${configurationPath(configId)}/test`, {
    method: 'POST',
    body: {},
    auth: true,
    timeoutMs: 30_000,
  });
}

/** Creates the client record and its sign-in account. */
export function createPunchoutClient(client: z.input<typeof punchoutClientSchema>): Promise<{ clientId: string }> {
  return apiRequest<{ clientId: string }>('/admin/punchout/clients', { method: 'POST', body: client, auth: true });
}

/** One page of the invoices, newest first; `cursor` is the previous page's `nextCursor` (null for the first). */
export function fetchInvoicesPage(cursor: string | null): Promise<InvoicesPage> {
  return apiRequest<InvoicesPage>(
    cursor ? `/admin/punchout/invoices?cursor=${encodeURIComponent(cursor)}` : '/admin/punchout/invoices',
    { auth: true },
  );
}

/** The invoice as a file's text: TSV, XML, or a cXML InvoiceDetailRequest. */
export function exportInvoice(invoiceId: string, format: InvoiceExportFormat): Promise<string> {
  return apiRequest<string>(`/admin/punchout/invoices/${encodeURIComponent(invoiceId)}/export?format=${format}`, {
    auth: true,
    responseAs: 'text',
  });
}

export function fetchMonitor(): Promise<MonitorAnswer> {
  return apiRequest<MonitorAnswer>('/admin/monitor', { auth: true });
}

/** Runs price and availability, order integration, database connectivity and configuration validation for each active configuration. */
export function runIntegrationTests(): Promise<IntegrationRun> {
  return apiRequest<IntegrationRun>('/admin/monitor/integration-tests', {
    method: 'POST',
    auth: true,
    timeoutMs: 60_000,
  });
}

export function fetchDeadLetters(): Promise<DeadLetter[]> {
  return apiRequest<{ deadLetters: DeadLetter[] }>('/admin/dead-letters', { auth: true }).then(
    ({ deadLetters }) => deadLetters,
  );
}

export function retryDeadLetter(id: string): Promise<void> {
  return apiRequest<void>(`/admin/dead-letters/${encodeURIComponent(id)}/retry`, { method: 'POST', auth: true });
}
