/**
 * Start pages, partner sessions and submissions in the table (functions/lib/table/README.md;
 * docs/decisions/0017). A start page is redeemed once, in the transaction that opens its partner
 * session; a partner session is found only by the hash of its token; a submission is kept for good,
 * so the SupplierPartAuxiliaryIDs of an edit, an inspection or an OrderRequest find its lines.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PunchOutOperation } from '#domain/punchout/cxml/types';
import type { PartnerClientData } from '#domain/punchout/session';
import type { Configuration } from '#domain/pricing/configuration';
import type { OutboxEvent } from '../lib/event-outbox';
import { epochSeconds, isExpired } from '../lib/table/expiry';
import { deleteItems, getItem, putItem, putItems, queryAll, recordOf, tryConditional } from '../lib/table/items';
import {
  partnerSessionKeys,
  PUNCHOUT_START_LINE_SK_PREFIX,
  punchoutStartKeys,
  punchoutStartLineKeys,
  punchoutSubmissionKeys,
  punchoutSubmissionLineKeys,
  punchoutSubmissionLineSkPrefix,
} from '../lib/table/keys/punchout';
import { transact, type WriteItem } from '../lib/table/transaction';

/** A line as the buyer had it: what an edit or inspection puts back in the partner cart. */
export interface RestoredLine {
  configuration: Configuration;
  roomLabel: string | null;
  quantity: number;
  /** The unit price the buyer was given, recorded as the line's added price. */
  unitCents: number;
}

export interface StartRecord {
  startId: string;
  configId: string;
  buyerCookie: string;
  returnUrl: string;
  operation: PunchOutOperation;
  /** The buyer's user as the setup request named them; blanks are filled from the configuration's client at redemption. */
  buyer: PartnerClientData;
  restoredLines: RestoredLine[];
  createdAt: string;
  expiresAt: number;
  redeemedAt?: string;
}

export interface PartnerSession {
  /** The start id it was opened with. */
  sessionId: string;
  configId: string;
  clientId: string;
  accountNumber: string;
  buyerSystem: string;
  buyerCookie: string;
  returnUrl: string;
  operation: PunchOutOperation;
  clientData: PartnerClientData;
  shoppingSessionId: string;
  createdAt: string;
  expiresAt: number;
  /** The last cart this session returned, so a repeated submit answers the same. */
  lastSubmissionId?: string;
}

export interface SubmittedLine extends RestoredLine {
  position: number;
}

export interface Submission {
  submissionId: string;
  cartId: string;
  /** The cart's `updatedAt` when its lines were read: the cart it returns, as long as that is unchanged. */
  cartUpdatedAt: string;
  configId: string;
  sessionId: string;
  buyerCookie: string;
  operationAllowed: 'edit' | 'inspect';
  totalCents: number;
  lines: SubmittedLine[];
  createdAt: string;
  /** When the buyer's browser left with it for their procurement system (absent while it has not: the cart is still open). */
  returnedAt?: string;
}

/** 128 random bits, URL-safe. */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** What submissionIdOf gives. */
export const SUBMISSION_ID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * A cart as it stands has one submission: its id is derived from the cart and its `updatedAt` (hex, as
 * aux ids split on the last hyphen), so pressing again answers the same message, and a cart changed
 * after a return that could not be made gets a new one.
 */
export function submissionIdOf(cartId: string, cartUpdatedAt: string): string {
  return createHash('sha256').update(`submission#${cartId}#${cartUpdatedAt}`).digest('hex').slice(0, 24);
}

/**
 * Keeps a start page: the buyer's lines to put back (up to 1,000, each an item of its own, expiring
 * with it: together they outgrow one item's 400 KB) first, then the start itself, which makes them
 * count. The start id is new, so no other writer's lines are ever under it.
 */
export async function putStart(start: StartRecord): Promise<void> {
  const { restoredLines, ...kept } = start;
  await putItems(
    restoredLines.map((line, position) => ({
      ...punchoutStartLineKeys(start.startId, position),
      entity: 'PunchoutStartLine',
      ...line,
      expiresAt: start.expiresAt,
    })),
  );
  await putItem({
    Item: { ...punchoutStartKeys(start.startId), entity: 'PunchoutStart', ...kept },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** A start with its lines, in one consistent Query of its partition; starts kept before line items hold their lines themselves. */
export async function readStart(startId: string): Promise<StartRecord | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': punchoutStartKeys(startId).pk },
    ConsistentRead: true,
  });
  const item = items.find((candidate) => candidate.sk === punchoutStartKeys(startId).sk);
  if (!item) return undefined;
  const start = recordOf<Omit<StartRecord, 'restoredLines'> & { restoredLines?: RestoredLine[] }>(item);
  if (start.restoredLines) return { ...start, restoredLines: start.restoredLines };
  const restoredLines = items
    .filter((line) => String(line.sk).startsWith(PUNCHOUT_START_LINE_SK_PREFIX))
    .sort((a, b) => String(a.sk).localeCompare(String(b.sk)))
    .map((line) => {
      const { configuration, roomLabel, quantity, unitCents } = recordOf<RestoredLine>(line);
      return { configuration, roomLabel, quantity, unitCents };
    });
  return { ...start, restoredLines };
}

/**
 * Redeems the start page and opens its partner session in one transaction: the start must still be
 * unredeemed and unexpired, so of two redemptions racing one opens a session. The start is kept
 * (with the session's lifetime) so a second use is told it was used, not that it is unknown.
 * Returns false when the start was redeemed or expired meanwhile.
 */
export async function redeemStart(
  startId: string,
  session: PartnerSession & { tokenHash: string },
  now: Date,
): Promise<boolean> {
  const outcome = await transact({
    start: {
      Update: {
        Key: punchoutStartKeys(startId),
        UpdateExpression: 'SET redeemedAt = :now, expiresAt = :sessionEnd',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(redeemedAt) AND expiresAt > :nowSeconds',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':sessionEnd': session.expiresAt,
          ':nowSeconds': epochSeconds(now),
        },
      },
    },
    session: {
      Put: {
        Item: { ...partnerSessionKeys(session.tokenHash), entity: 'PartnerSession', ...session },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  });
  return outcome.committed;
}

/** The live partner session of a token, or undefined (unknown or past its 24 hours). */
export async function readPartnerSession(token: string, now: Date): Promise<PartnerSession | undefined> {
  const item = await getItem(partnerSessionKeys(tokenHashOf(token)), { consistent: true });
  if (!item || isExpired(item as { expiresAt?: number }, now)) return undefined;
  const { tokenHash: _tokenHash, ...session } = recordOf<PartnerSession & { tokenHash: string }>(item);
  return session;
}

/**
 * A submission with its lines, in one consistent Query of its partition: the lines of the set its
 * item names, or (submitted before line sets) the lines the item holds itself.
 */
export async function readSubmission(submissionId: string): Promise<Submission | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': punchoutSubmissionKeys(submissionId).pk },
    ConsistentRead: true,
  });
  const item = items.find((candidate) => candidate.sk === punchoutSubmissionKeys(submissionId).sk);
  if (!item) return undefined;
  const { lineSet, ...submission } = recordOf<Submission & { lineSet?: string }>(item);
  if (!lineSet) return submission;
  const prefix = punchoutSubmissionLineSkPrefix(lineSet);
  const lines = items
    .filter((line) => String(line.sk).startsWith(prefix))
    .map((line) => recordOf<SubmittedLine>(line))
    .sort((a, b) => a.position - b.position);
  return { ...submission, lines };
}

/**
 * Keeps a submission (its lines are what the aux ids of the message name, whether or not the message
 * ever reaches the buyer), at any number of lines: its lines first, in batches under a line set of
 * this press's own, then the submission naming that set, only if absent (as an order is written,
 * docs/decisions/0057). False when it was stored already: a press of the same cart meanwhile, whose
 * lines this press's never mix with; this press's are then deleted.
 */
export async function storeSubmission(submission: Submission): Promise<boolean> {
  const lineSet = randomBytes(9).toString('base64url');
  const { lines, ...kept } = submission;
  const lineItems = lines.map((line) => ({
    ...punchoutSubmissionLineKeys(submission.submissionId, lineSet, line.position),
    entity: 'PunchoutSubmissionLine',
    ...line,
  }));
  await putItems(lineItems);
  const stored = await tryConditional(
    putItem({
      Item: { ...punchoutSubmissionKeys(submission.submissionId), entity: 'PunchoutSubmission', ...kept, lineSet },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  if (!stored) await deleteItems(lineItems);
  return stored;
}

/**
 * The buyer's browser left with the submission: it is marked returned, the session's last
 * submission set, the cart made `submitted` (the cart store's submissionReference, conditioned on
 * the cart being the one submitted) and `submitted` (PunchoutSubmitted) put in the event outbox,
 * all or nothing. False when the submission was marked returned already or the cart changed since.
 */
export async function markReturned(
  submission: Submission,
  tokenHash: string,
  cartUpdate: WriteItem,
  submitted: OutboxEvent,
  now: Date,
): Promise<boolean> {
  const outcome = await transact(
    {
      submission: {
        Update: {
          Key: punchoutSubmissionKeys(submission.submissionId),
          UpdateExpression: 'SET returnedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(returnedAt)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
      },
      session: {
        Update: {
          Key: partnerSessionKeys(tokenHash),
          UpdateExpression: 'SET lastSubmissionId = :submissionId',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':submissionId': submission.submissionId },
        },
      },
      cart: cartUpdate,
    },
    { events: [submitted] },
  );
  return outcome.committed;
}
