/**
 * The guess limit on punch-out credentials (docs/decisions/0035): the cXML endpoint and the partner
 * APIs run their credential check through `checkUnderGuessLimit`, which counts failures per client
 * address and per configuration in the rate counters (functions/lib/rate-limit.ts) and answers
 * "locked" once either has 10 in its 15-minute window. A check is counted before it runs and taken
 * back when it passes, so concurrent guesses cannot all be compared before the first is counted. An
 * address that passed a configuration's check in the last 30 days is a known address: neither lock
 * keeps it from that configuration, so guesses from elsewhere never lock a buyer's own system out.
 */
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import type { LockOut } from '#domain/punchout/monitor';
import { clientAddressKey, CREDENTIAL_FAILURE_LIMIT, KNOWN_ADDRESS_SECONDS, windowAt } from '#domain/rate-limits';
import { clientAddressOf } from '../lib/client-address';
import type { HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { countAttempt, uncountAttempt } from '../lib/rate-limit';
import { epochSeconds } from '../lib/table/expiry';
import { getItem, putItem, queryPage } from '../lib/table/items';
import { PUNCHOUT_LOCKOUTS_PARTITION, punchoutKnownAddressKeys, punchoutLockOutKeys } from '../lib/table/keys/punchout';

const ACTION = 'punchoutCredentials';
/** A known address's record is renewed at most once a day, not on every request. */
const KNOWN_ADDRESS_RENEWAL_SECONDS = 24 * 3600;

export type GuardedCheck =
  { outcome: 'matched' } | { outcome: 'failed' } | { outcome: 'locked'; retryAfterSeconds: number };

interface Subject {
  dimension: LockOut['kind'];
  subject: string;
}

/** The subjects a check counts against: the caller's address (IPv4, or its IPv6 /64), and the configuration it names, if any. */
function subjectsOf(addressKey: string, configuration: PunchoutConfiguration | undefined): Subject[] {
  return [
    { dimension: 'clientAddress', subject: addressKey },
    ...(configuration ? [{ dimension: 'identity' as const, subject: configuration.id }] : []),
  ];
}

/** Counts one check against each subject: the counts after it, in `subjects` order. */
const countAgainst = (subjects: Subject[], now: Date) =>
  Promise.all(
    subjects.map(({ dimension, subject }) => countAttempt(ACTION, dimension, subject, CREDENTIAL_FAILURE_LIMIT, now)),
  );

/**
 * Runs `matches` (the constant-time comparison of the credentials with `configuration`'s, undefined
 * when the identity names none) unless the caller is locked out. The clock is the request's time,
 * as for every rate limit.
 */
export async function checkUnderGuessLimit(
  event: HttpEvent,
  configuration: PunchoutConfiguration | undefined,
  matches: () => boolean,
): Promise<GuardedCheck> {
  const now = new Date(event.requestContext.timeEpoch);
  const addressKey = clientAddressKey(clientAddressOf(event));
  const subjects = subjectsOf(addressKey, configuration);
  const knownUntil = configuration ? await knownAddressUntil(configuration.id, addressKey) : null;
  const known = knownUntil !== null && knownUntil > epochSeconds(now);

  const reserved = known ? null : await countAgainst(subjects, now);
  if (reserved?.some((count) => count > CREDENTIAL_FAILURE_LIMIT.limit)) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil(windowAt(CREDENTIAL_FAILURE_LIMIT, now).end - now.getTime() / 1000),
    );
    logger.warn('Punch-out credentials locked out', {
      addressKey,
      configurationId: configuration?.id,
      retryAfterSeconds,
    });
    return { outcome: 'locked', retryAfterSeconds };
  }
  if (matches()) {
    if (reserved)
      await Promise.all(
        subjects.map(({ dimension, subject }) =>
          uncountAttempt(ACTION, dimension, subject, CREDENTIAL_FAILURE_LIMIT, now),
        ),
      );
    if (
      configuration &&
      (knownUntil === null || knownUntil - epochSeconds(now) < KNOWN_ADDRESS_SECONDS - KNOWN_ADDRESS_RENEWAL_SECONDS)
    ) {
      await rememberAddress(configuration.id, addressKey, now);
    }
    return { outcome: 'matched' };
  }
  const failures = reserved ?? (await countAgainst(subjects, now));
  await Promise.all(
    subjects.map((subject, index) =>
      failures[index] === CREDENTIAL_FAILURE_LIMIT.limit ? recordLockOut(subject, configuration, now) : undefined,
    ),
  );
  return { outcome: 'failed' };
}

async function knownAddressUntil(configurationId: string, addressKey: string): Promise<number | null> {
  const known = await getItem(punchoutKnownAddressKeys(configurationId, addressKey));
  return typeof known?.expiresAt === 'number' ? known.expiresAt : null;
}

async function rememberAddress(configurationId: string, addressKey: string, now: Date): Promise<void> {
  await putItem({
    Item: {
      ...punchoutKnownAddressKeys(configurationId, addressKey),
      entity: 'punchoutKnownAddress',
      passedAt: now.toISOString(),
      expiresAt: epochSeconds(now) + KNOWN_ADDRESS_SECONDS,
    },
  });
}

/** The failure that reached the limit records the lock-out, for the System Monitor; it expires with its window. */
async function recordLockOut(
  { dimension, subject }: Subject,
  configuration: PunchoutConfiguration | undefined,
  now: Date,
): Promise<void> {
  const window = windowAt(CREDENTIAL_FAILURE_LIMIT, now);
  const lockedUntil = new Date(window.end * 1000).toISOString();
  const lockOut: LockOut = {
    kind: dimension,
    subject: dimension === 'identity' ? configuration!.identity : subject,
    propertyName: dimension === 'identity' ? configuration!.propertyName : null,
    failures: CREDENTIAL_FAILURE_LIMIT.limit,
    lockedAt: now.toISOString(),
    lockedUntil,
  };
  logger.warn('Punch-out credentials lock-out', { kind: dimension, subject, lockedUntil });
  await putItem({
    Item: {
      ...punchoutLockOutKeys(dimension, subject, window.start, lockedUntil),
      entity: 'punchoutLockOut',
      ...lockOut,
      expiresAt: window.end,
    },
  });
}

/** The lock-outs in force at `now`, soonest to end first: Query gsi1 `PUNCHOUT_LOCKOUTS`, `gsi1sk > now`. */
export async function currentLockOuts(now: Date): Promise<LockOut[]> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk > :now',
    ExpressionAttributeValues: { ':pk': PUNCHOUT_LOCKOUTS_PARTITION, ':now': now.toISOString() },
    Limit: 100,
  });
  return items.map((item) => {
    const { kind, subject, propertyName, failures, lockedAt, lockedUntil } = item as LockOut;
    return { kind, subject, propertyName, failures, lockedAt, lockedUntil };
  });
}
