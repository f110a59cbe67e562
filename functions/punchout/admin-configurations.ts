/**
 * The staff routes of the RealPage Config tab (domain/punchout/README.md): list, read, create and
 * update configurations, rotate a shared secret, and Test Configuration, which sends a real
 * PunchOutSetupRequest with the configuration's credentials to the shop's own cXML endpoint. A
 * secret is answered once, by the save or rotation that set it, never by a read (decision 0035).
 */
import type * as z from 'zod';
import {
  configurationInputSchema,
  configurationProblems,
  configurationView,
  newConfigurationSchema,
  rotateSecretRequestSchema,
  urlRulesForSite,
  type PunchoutConfiguration,
  type SavedConfiguration,
} from '#domain/punchout/configuration';
import { parseCxmlResponse, punchOutSetupRequest } from '#domain/punchout/cxml/index';
import { configurationTestAnswer, type CheckResult } from '#domain/punchout/monitor';
import { staffCaller } from '../lib/caller';
import { config } from '../lib/config';
import { HttpError, httpHandler, json, parseBody, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { outgoingUrlProblem } from '../lib/outgoing-request';
import {
  CONFIGURATION_NOT_FOUND_MESSAGE,
  listConfigurations,
  readConfiguration,
  rotateSharedSecret,
  saveConfiguration,
  type SaveOutcome,
} from './configuration-store';

const urlRules = () => urlRulesForSite(config().SITE_URL);

/** The form (`schema`: a create's or an update's), with its invoice address held to the rules the invoice delivery will send under (a name of a private address is refused here, not at the first invoice). */
async function configurationInputOf<S extends z.ZodType<{ invoiceUrl: string | null }>>(
  event: HttpEvent,
  schema: S,
): Promise<z.infer<S>> {
  const input = parseBody(event, schema);
  const problem = input.invoiceUrl ? await outgoingUrlProblem(input.invoiceUrl) : null;
  if (problem) throw new HttpError(400, 'Please correct the highlighted fields.', { invoiceUrl: problem });
  return input;
}

async function configurationOf(event: HttpEvent): Promise<PunchoutConfiguration> {
  const configuration = await readConfiguration(event.pathParameters?.configId ?? '');
  if (!configuration) throw new HttpError(404, CONFIGURATION_NOT_FOUND_MESSAGE);
  return configuration;
}

/** GET /api/admin/punchout/configurations: `{ configurations }`, by property name, without shared secrets. */
export const listPunchoutConfigurations = httpHandler(async () => {
  return json(200, { configurations: await listConfigurations() });
});

/** GET /api/admin/punchout/configurations/{configId}: the configuration for the edit form, without its secrets. */
export const getPunchoutConfiguration = httpHandler(async (event) => {
  return json(200, configurationView(await configurationOf(event)));
});

const savedAnswer = ({ configuration, newSharedSecret }: SaveOutcome): SavedConfiguration => ({
  ...configurationView(configuration),
  newSharedSecret,
});

/**
 * POST /api/admin/punchout/configurations: 201 the configuration, with the secret it was given
 * (typed, or generated) shown this once; 409 naming a unique field another configuration holds.
 */
export const createPunchoutConfiguration = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const saved = await saveConfiguration(await configurationInputOf(event, newConfigurationSchema(urlRules())), {
    staffId: caller.userId,
  });
  logger.info('Punch-out configuration created', { configurationId: saved.configuration.id, by: caller.userId });
  return json(201, savedAnswer(saved));
});

/**
 * PUT /api/admin/punchout/configurations/{configId}: the whole form again; 200 the configuration as
 * saved, with a generated secret when staff stopped letting the buyer go without one.
 */
export const updatePunchoutConfiguration = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const input = await configurationInputOf(event, configurationInputSchema(urlRules()));
  const saved = await saveConfiguration(input, {
    configurationId: event.pathParameters?.configId ?? '',
    staffId: caller.userId,
  });
  logger.info('Punch-out configuration updated', { configurationId: saved.configuration.id, by: caller.userId });
  return json(200, savedAnswer(saved));
});

/**
 * POST /api/admin/punchout/configurations/{configId}/secret: a new secret (typed, or generated),
 * shown this once; the one it replaces keeps working for 7 days. 409 for a configuration that goes
 * without a secret, or that someone saved meanwhile.
 */
export const rotatePunchoutSecret = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const { sharedSecret } = parseBody(event, rotateSecretRequestSchema);
  const saved = await rotateSharedSecret(event.pathParameters?.configId ?? '', sharedSecret, caller.userId);
  logger.info('Punch-out shared secret rotated', { configurationId: saved.configuration.id, by: caller.userId });
  return json(200, savedAnswer(saved));
});

const ENDPOINT_TIMEOUT_MS = 20_000;

/**
 * POST /api/admin/punchout/configurations/{configId}/test: `{ ok, steps }`, with the stored
 * credentials. The request goes over HTTP to the shop's public address (CloudFront on AWS, the local
 * gateway on one machine), so it tests what a buyer reaches. No step's detail carries the shared secret.
 */
export const testPunchoutConfiguration = httpHandler(async (event) => {
  const configuration = await configurationOf(event);
  const steps: CheckResult[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    return ok;
  };

  const problems = configurationProblems(configuration, urlRules());
  if (
    !step('Configuration valid', problems.length === 0, problems.length ? problems.join(' ') : 'Every field is valid.')
  ) {
    return json(200, configurationTestAnswer(steps));
  }

  const siteUrl = config().SITE_URL.replace(/\/$/, '');
  const credential = { domain: 'NetworkID', identity: configuration.identity };
  const document = punchOutSetupRequest({
    from: [credential],
    to: [{ domain: 'DUNS', identity: 'HillBrookBlinds' }],
    sender: {
      credentials: [
        { ...credential, ...(configuration.sharedSecret ? { sharedSecret: configuration.sharedSecret } : {}) },
      ],
      userAgent: 'Hill & Brook Blinds Test Configuration',
    },
    buyerCookie: `TEST-${Date.now()}`,
    returnUrl: `${siteUrl}/admin`,
    operation: 'create',
    extrinsics: { PropertyAccount: configuration.accountNumber },
  });
  step(
    'Request built',
    true,
    `PunchOutSetupRequest (create) from identity ${configuration.identity}, ${Buffer.byteLength(document)} bytes.`,
  );

  const endpoint = `${siteUrl}/api/punchout/cxml`;
  let status: number;
  let body: string;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: document,
      signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    step('Endpoint answered', false, `${endpoint} did not answer: ${(error as Error).message}`);
    return json(200, configurationTestAnswer(steps));
  }
  let answer: ReturnType<typeof parseCxmlResponse>;
  try {
    answer = parseCxmlResponse(body);
  } catch {
    step('Endpoint answered', false, `${endpoint} answered HTTP ${status} without a cXML Response.`);
    return json(200, configurationTestAnswer(steps));
  }
  step('Endpoint answered', true, `${endpoint} answered HTTP ${status} with a cXML Response.`);

  const statusText = [answer.text, answer.message].filter(Boolean).join(': ');
  if (!step('Status 200', answer.code === 200, `Status ${answer.code}${statusText ? ` ${statusText}` : ''}.`)) {
    return json(200, configurationTestAnswer(steps));
  }

  step('StartPage URL present and well-formed', ...startPageCheck(answer.startPageUrl));
  return json(200, configurationTestAnswer(steps));
});

function startPageCheck(startPageUrl: string | undefined): [boolean, string] {
  if (!startPageUrl) return [false, 'The answer has no PunchOutSetupResponse StartPage URL.'];
  try {
    const url = new URL(startPageUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return [false, `The StartPage URL is not a web address: ${startPageUrl}`];
    if (!url.searchParams.get('s')) return [false, `The StartPage URL has no start id (s): ${startPageUrl}`];
    return [true, `StartPage ${url.origin}${url.pathname}?… (single use, expires in minutes).`];
  } catch {
    return [false, `The StartPage URL is not a URL: ${startPageUrl}`];
  }
}
