/**
 * Punch-out configurations in the table (functions/lib/table/README.md): saved with their unique
 * values claimed in the same transaction, read, listed for staff, and found from a cXML document's
 * credentials. The shared secret is stored with the configuration and leaves this module only in a
 * whole record (the endpoint's check, Test Configuration) or as the new secret a save or rotation
 * set (shown to staff once): never in a log, a list, a read or an event (docs/decisions/0035).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ClientProfile } from '#domain/accounts/client';
import { clientDisplayName } from '#domain/accounts/client';
import {
  acceptedSecrets,
  configurationSummary,
  configurationView,
  generateSharedSecret,
  rotatedSecrets,
  secretsAfterSave,
  SHARED_SECRET_MESSAGES,
  TAKEN_MESSAGES,
  type ConfigurationInput,
  type ConfigurationSummary,
  type PunchoutConfiguration,
  type SharedSecrets,
} from '#domain/punchout/configuration';
import type { AuditFields } from '#domain/audit/audit-entry';
import type { Credential } from '#domain/punchout/cxml/types';
import { Conflict, NotFound } from '#domain/errors';
import { auditEntryWrite } from '../lib/table/audit';
import { countAll, getItem, getItems, queryAll, recordOf } from '../lib/table/items';
import { clientPartitionKey, clientProfileKeys } from '../lib/table/keys/accounts';
import {
  ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION,
  activePunchoutConfigurationIndexKeys,
  PUNCHOUT_CONFIGURATIONS_PARTITION,
  punchoutClaimKeys,
  punchoutConfigurationIndexKeys,
  punchoutConfigurationKeys,
} from '../lib/table/keys/punchout';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';

/** The values only one configuration may hold; each is a claim item naming its configuration. */
const CLAIMED_FIELDS = ['accountNumber', 'identity'] as const;
type ClaimedField = (typeof CLAIMED_FIELDS)[number];

export const CONFIGURATION_NOT_FOUND_MESSAGE = 'This configuration no longer exists.';
export const CONFIGURATION_CHANGED_MESSAGE =
  'This configuration was changed by someone else meanwhile. Reload it, then save again.';

/** What a configuration saved before decision 0035 lacks: no consent to go without a secret, no rotation. */
const FIELDS_BEFORE_ROTATION: Pick<
  PunchoutConfiguration,
  'acceptsDocumentsWithoutSecret' | keyof Omit<SharedSecrets, 'sharedSecret'>
> = {
  acceptsDocumentsWithoutSecret: false,
  sharedSecretSetAt: null,
  previousSharedSecret: null,
  previousSharedSecretValidUntil: null,
};

function configurationOf(item: Record<string, unknown>): PunchoutConfiguration {
  return { ...FIELDS_BEFORE_ROTATION, ...recordOf<PunchoutConfiguration>(item) };
}

export async function readConfiguration(configurationId: string): Promise<PunchoutConfiguration | undefined> {
  const item = await getItem(punchoutConfigurationKeys(configurationId), { consistent: true });
  return item ? configurationOf(item) : undefined;
}

/** A configuration as a save or rotation left it, and the secret it set (shown to staff this once), or null. */
export interface SaveOutcome {
  configuration: PunchoutConfiguration;
  newSharedSecret: string | null;
}

/**
 * Creates (no id) or updates a configuration. One transaction writes the configuration (an update
 * only if nobody saved it since it was read: `version`) and claims each unique value it holds; a
 * value it no longer holds is given up in the same transaction. A value another configuration holds
 * cancels everything: 409 naming the field. Concurrent creates of one account number: exactly one wins.
 * A configuration that needs a secret and has none gets `sharedSecret` (typed in the create form) or
 * a generated one (`secretsAfterSave`); an update never changes a secret it has. A staff member's
 * save (`staffId`; a seed has none) writes its audit log entry in the same transaction.
 */
export async function saveConfiguration(
  { sharedSecret: typedSecret = null, ...input }: ConfigurationInput & { sharedSecret?: string | null },
  { configurationId, staffId, now = new Date() }: { configurationId?: string; staffId?: string; now?: Date } = {},
): Promise<SaveOutcome> {
  const previous = configurationId === undefined ? undefined : await readConfiguration(configurationId);
  if (configurationId !== undefined && !previous) throw new NotFound(CONFIGURATION_NOT_FOUND_MESSAGE);
  const at = now.toISOString();
  const { secrets, newSharedSecret } = secretsAfterSave(
    previous,
    input.acceptsDocumentsWithoutSecret,
    () => typedSecret ?? generateSharedSecret(),
    now,
  );
  const configuration: PunchoutConfiguration = {
    ...input,
    ...secrets,
    id: previous?.id ?? randomUUID(),
    version: (previous?.version ?? 0) + 1,
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
  };
  const claims: Record<ClaimedField, WriteItem[]> = { accountNumber: [], identity: [] };
  for (const field of CLAIMED_FIELDS) {
    const value = configuration[field];
    const before = previous?.[field] ?? null;
    const ownCondition = {
      ConditionExpression: 'attribute_not_exists(pk) OR configurationId = :id',
      ExpressionAttributeValues: { ':id': configuration.id },
    };
    if (value !== null && value !== before) {
      claims[field].push({
        Put: {
          Item: { ...punchoutClaimKeys(field, value), entity: 'punchoutClaim', configurationId: configuration.id },
          ...ownCondition,
        },
      });
    }
    if (before !== null && value !== before)
      claims[field].push({ Delete: { Key: punchoutClaimKeys(field, before), ...ownCondition } });
  }
  const outcome = await transact({
    configuration: {
      Put: {
        Item: configurationItem(configuration),
        ...(previous
          ? { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': previous.version } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    ...claims,
    audit: staffId ? configurationAudit(staffId, previous ? 'update' : 'create', previous, configuration) : null,
  });
  if (!outcome.committed) {
    const taken = Object.fromEntries(
      CLAIMED_FIELDS.filter((field) => outcome.failed.has(field)).map((field) => [field, TAKEN_MESSAGES[field]]),
    );
    if (Object.keys(taken).length > 0) throw new Conflict(Object.values(taken)[0]!, taken);
    throw new Conflict(CONFIGURATION_CHANGED_MESSAGE);
  }
  return { configuration, newSharedSecret };
}

/**
 * Gives the configuration a new secret (typed, or generated) and keeps the one it replaces working
 * for the overlap (`rotatedSecrets`): one Put conditioned on the version read, so a rotation and a
 * save at once cannot lose either, with the staff member's audit log entry (that the secret was
 * rotated, never a secret). 409 for a configuration that goes without a secret.
 */
export async function rotateSharedSecret(
  configurationId: string,
  typedSecret: string | null,
  staffId: string,
  now = new Date(),
): Promise<SaveOutcome> {
  const current = await readConfiguration(configurationId);
  if (!current) throw new NotFound(CONFIGURATION_NOT_FOUND_MESSAGE);
  if (current.acceptsDocumentsWithoutSecret) throw new Conflict(SHARED_SECRET_MESSAGES.rotateWithout);
  const newSharedSecret = typedSecret ?? generateSharedSecret();
  const configuration: PunchoutConfiguration = {
    ...current,
    ...rotatedSecrets(current, newSharedSecret, now),
    version: current.version + 1,
    updatedAt: now.toISOString(),
  };
  const outcome = await transact({
    configuration: {
      Put: {
        Item: configurationItem(configuration),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': current.version },
      },
    },
    audit: configurationAudit(staffId, 'rotateSecret', current, configuration),
  });
  if (outcome.committed) return { configuration, newSharedSecret };
  if (outcome.failed.has('configuration')) throw new Conflict(CONFIGURATION_CHANGED_MESSAGE);
  throw new TransactionCancelled(outcome.failed);
}

/**
 * A staff change of a configuration, for its audit log entry: its fields as staff's browser sees
 * them (configurationView), so whether a secret is set, when and until when the one it replaced
 * works, never a secret itself (docs/decisions/0035).
 */
function configurationAudit(
  staffId: string,
  action: string,
  before: PunchoutConfiguration | undefined,
  after: PunchoutConfiguration,
): WriteItem | null {
  const fields = (configuration: PunchoutConfiguration): AuditFields => {
    const {
      id: _id,
      version: _version,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      credentialWarning: _warning,
      ...shown
    } = configurationView(configuration);
    return shown;
  };
  return auditEntryWrite({
    staffId,
    at: after.updatedAt,
    action,
    record: { kind: 'punchoutConfiguration', id: after.id, label: after.propertyName },
    before: before ? fields(before) : null,
    after: fields(after),
  });
}

function configurationItem(configuration: PunchoutConfiguration) {
  return {
    ...punchoutConfigurationKeys(configuration.id),
    ...punchoutConfigurationIndexKeys(configuration.propertyName, configuration.id),
    ...(configuration.active ? activePunchoutConfigurationIndexKeys(configuration.id) : {}),
    entity: 'punchoutConfiguration',
    ...configuration,
  };
}

/** Every configuration for staff, by property name (Query gsi1 `PUNCHOUT_CONFIGS`), with its client's name: no shared secret. */
export async function listConfigurations(): Promise<ConfigurationSummary[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': PUNCHOUT_CONFIGURATIONS_PARTITION },
  });
  const configurations = items.map(configurationOf);
  const clients = await clientsById([...new Set(configurations.map((configuration) => configuration.clientId))]);
  return configurations.map((configuration) => {
    const client = clients.get(configuration.clientId);
    return configurationSummary(
      configuration,
      client ? { id: client.id, name: clientDisplayName(client), email: client.email } : null,
    );
  });
}

const PROFILE_SK = clientProfileKeys('', '').sk;

async function clientsById(clientIds: string[]): Promise<Map<string, ClientProfile>> {
  const items = await getItems(clientIds.map((clientId) => ({ pk: clientPartitionKey(clientId), sk: PROFILE_SK })));
  return new Map(items.map((item) => recordOf<ClientProfile>(item)).map((client) => [client.id, client]));
}

/** The active configurations, whole (the integration tests run with their credentials): Query gsi2 `PUNCHOUT_CONFIGS#active`. */
export async function listActiveConfigurations(): Promise<PunchoutConfiguration[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION },
  });
  return items.map(configurationOf);
}

/** The monitor's Active RealPage Configs: Query gsi2 `PUNCHOUT_CONFIGS#active`, Select COUNT. */
export function countActiveConfigurations(): Promise<number> {
  return countAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION },
  });
}

/**
 * The claim a From credential names: its identity, under whatever domain the buyer's system files it
 * (DUNS, duns, NetworkId…). A DUNS number or network id names the buying organisation, which many
 * properties share (every RealPage property has RealPage's), so only the identity tells them apart.
 */
function claimsOf(credential: Credential): Array<{ field: ClaimedField; value: string }> {
  const identity = credential.identity.trim();
  return identity ? [{ field: 'identity', value: identity }] : [];
}

/**
 * The configuration a document's From credentials name (domain/punchout/README.md, "Credentials"),
 * active or not, or undefined: one GetItem per claim, the first credential that names one wins.
 * Whether the sender may act (active, secret) is the caller's check: `senderSecretMatches`, under
 * the guess limit (guess-limit.ts).
 */
export async function findConfigurationForCredentials(
  fromCredentials: readonly Credential[],
): Promise<PunchoutConfiguration | undefined> {
  for (const credential of fromCredentials) {
    for (const { field, value } of claimsOf(credential)) {
      const claim = await getItem(punchoutClaimKeys(field, value), { consistent: true });
      const configurationId = claim?.configurationId as string | undefined;
      if (!configurationId) continue;
      const configuration = await readConfiguration(configurationId);
      if (configuration && configuration[field] === value) return configuration;
    }
  }
  return undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the sent shared secret is one the configuration accepts at `now` (`acceptedSecrets`: the
 * current one, the previous one during its overlap, none shorter than the minimum), compared as
 * SHA-256 digests in constant time (neither the value nor its length leaks through timing); every
 * accepted secret is compared, so which one matched does not show either. A configuration without a
 * secret accepts a sender without one only when staff said so (`acceptsDocumentsWithoutSecret`), and
 * refuses one that sends a secret it does not have.
 */
export function senderSecretMatches(
  configuration: Pick<PunchoutConfiguration, 'acceptsDocumentsWithoutSecret' | keyof SharedSecrets>,
  sentSecret: string | undefined,
  now: Date,
): boolean {
  if (configuration.sharedSecret === null) return configuration.acceptsDocumentsWithoutSecret && !sentSecret;
  const sent = sha256(sentSecret ?? '');
  return acceptedSecrets(configuration, now)
    .map((secret) => timingSafeEqual(sent, sha256(secret)))
    .reduce((matched, matches) => matched || matches, false);
}
