/**
 * The lease on staff changes that could leave the shop without an owner (docs/decisions
 * 0079-staff-tab). Cognito has no conditional writes, so the rule "an enabled owner always stays"
 * is kept by making such changes one at a time: each takes this lease (a conditional put), reads
 * the staff afresh, checks the rule, changes Cognito and gives the lease back. A lease whose holder
 * died runs out after LEASE_SECONDS.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { deleteItem, putItem, tryConditional } from '../lib/table/items';
import { staffChangeLeaseKeys } from '../lib/table/keys/staff';
import { HttpError } from '../lib/http';

/** Longer than a change takes (a few Cognito calls), short enough that a dead holder soon stops blocking. */
const LEASE_SECONDS = 30;
/** How long a change waits for another one to finish before it is refused. */
const WAIT_ATTEMPTS = 40;
const WAIT_MS = 150;

export const STAFF_BUSY_MESSAGE = 'Another change to staff is being saved. Please try again in a moment.';

async function takeLease(token: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  return tryConditional(
    putItem({
      Item: { ...staffChangeLeaseKeys(), entity: 'staffChangeLease', token, expiresAt: now + LEASE_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

async function giveBack(token: string): Promise<void> {
  await tryConditional(
    deleteItem({
      Key: staffChangeLeaseKeys(),
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    }),
  );
}

/** Runs `change` holding the lease; 409 when another change holds it for longer than a few seconds. */
export async function withStaffChangeLease<T>(change: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  for (let attempt = 0; !(await takeLease(token)); attempt += 1) {
    if (attempt >= WAIT_ATTEMPTS) throw new HttpError(409, STAFF_BUSY_MESSAGE);
    await sleep(WAIT_MS);
  }
  try {
    return await change();
  } finally {
    await giveBack(token);
  }
}
