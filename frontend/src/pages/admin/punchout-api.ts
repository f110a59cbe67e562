/** The staff routes of the punch-out integration (domain/punchout/README.md): configurations, their clients and tests, invoices, the monitor. */
import type { z } from 'zod';
import { apiRequest } from '../../api/client';
import type { ConfigurationFormInput, ConfigurationSummary, PunchoutConfiguration, punchoutClientSchema } from '../../../../domain/punchout/configuration';
import type { InvoiceExportFormat, InvoicesPage } from '../../../../domain/punchout/purchase-order';
import type { ConfigurationTestAnswer, DeadLetter, IntegrationRun, MonitorAnswer } from '../../../../domain/punchout/monitor';

const configurationsPath = '/admin/punchout/configurations';
const configurationPath = (configId: string) => `${configurationsPath}/${encodeURIComponent(configId)}`;

/** Every configuration, without shared secrets. */
export function fetchConfigurations(): Promise<ConfigurationSummary[]> {
  return apiRequest<{ configurations: ConfigurationSummary[] }>(configurationsPath, { auth: true }).then(({ configurations }) => configurations);
}

/** One configuration as the edit form shows it, shared secret included. */
export function fetchConfiguration(configId: string): Promise<PunchoutConfiguration> {
  return apiRequest<PunchoutConfiguration>(configurationPath(configId), { auth: true });
}

/** Creates (no id) or updates the configuration; rejects with an ApiError, 409 naming `accountNumber` or `identity` when taken. */
export function saveConfiguration(configId: string | null, input: ConfigurationFormInput): Promise<PunchoutConfiguration> {
  return configId
    ? apiRequest<PunchoutConfiguration>(configurationPath(configId), { method: 'PUT', body: input, auth: true })
    : apiRequest<PunchoutConfiguration>(configurationsPath, { method: 'POST', body: input, auth: true });
}

/**
 * Sends a real PunchOutSetupRequest with the saved configuration's credentials to the shop's own
 * cXML endpoint; `sharedSecret` is the one in the form, which may not be saved yet.
 */
export function testConfiguration(configId: string, sharedSecret: string): Promise<ConfigurationTestAnswer> {
  return apiRequest<ConfigurationTestAnswer>(`${configurationPath(configId)}/test`, { method: 'POST', body: { sharedSecret }, auth: true, timeoutMs: 30_000 });
}

/** Creates the client record and its sign-in account. */
export function createPunchoutClient(client: z.input<typeof punchoutClientSchema>): Promise<{ clientId: string }> {
  return apiRequest<{ clientId: string }>('/admin/punchout/clients', { method: 'POST', body: client, auth: true });
}

/** One page of the invoices, newest first; `cursor` is the previous page's `nextCursor` (null for the first). */
export function fetchInvoicesPage(cursor: string | null): Promise<InvoicesPage> {
  return apiRequest<InvoicesPage>(cursor ? `/admin/punchout/invoices?cursor=${encodeURIComponent(cursor)}` : '/admin/punchout/invoices', { auth: true });
}

/** The invoice as a file's text: TSV, XML, or a cXML InvoiceDetailRequest. */
export function exportInvoice(invoiceId: string, format: InvoiceExportFormat): Promise<string> {
  return apiRequest<string>(`/admin/punchout/invoices/${encodeURIComponent(invoiceId)}/export?format=${format}`, { auth: true, responseAs: 'text' });
}

export function fetchMonitor(): Promise<MonitorAnswer> {
  return apiRequest<MonitorAnswer>('/admin/monitor', { auth: true });
}

/** Runs price and availability, order integration, database connectivity and configuration validation for each active configuration. */
export function runIntegrationTests(): Promise<IntegrationRun> {
  return apiRequest<IntegrationRun>('/admin/monitor/integration-tests', { method: 'POST', auth: true, timeoutMs: 60_000 });
}

export function fetchDeadLetters(): Promise<DeadLetter[]> {
  return apiRequest<{ deadLetters: DeadLetter[] }>('/admin/dead-letters', { auth: true }).then(({ deadLetters }) => deadLetters);
}

export function retryDeadLetter(id: string): Promise<void> {
  return apiRequest<void>(`/admin/dead-letters/${encodeURIComponent(id)}/retry`, { method: 'POST', auth: true });
}
