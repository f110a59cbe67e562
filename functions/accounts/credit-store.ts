/**
 * A client's account with the shop in the table (functions/lib/table/README.md): their payment terms
 * and credit limit, which staff set, and the credit their unpaid on-account orders hold. An order
 * holds its amount in its placing transaction, only while the held total stays within the limit, so
 * concurrent orders can never pass it; each hold is an item of its own, released once.
 */
import { creditAccountSchema, type CreditAccount, type PaymentTermsInput } from '#domain/accounts/payment-terms';
import { NotFound } from '#domain/errors';
import { auditEntryWrite, CHANGED_SINCE_READ, writeAsRead } from '../lib/table/audit';
import { getItem, recordOf } from '../lib/table/items';
import {
  clientCreditAccountKeys,
  clientPartitionKey,
  clientProfileKeys,
  creditHoldKeys,
} from '../lib/table/keys/accounts';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { NO_CLIENT_MESSAGE } from './client-store';

export async function readCreditAccount(clientId: string, consistent = false): Promise<CreditAccount | undefined> {
  const item = await getItem(clientCreditAccountKeys(clientId), { consistent });
  return item ? creditAccountSchema.parse(recordOf(item)) : undefined;
}

/** Terms as their audit log entries hold them: on the client, by id alone (entries hold no personal data). */
function termsAudit(
  clientId: string,
  staffId: string,
  now: Date,
  action: string,
  before: CreditAccount | undefined,
  after: Pick<CreditAccount, 'terms' | 'creditLimitCents'>,
): WriteItem | null {
  return auditEntryWrite({
    staffId,
    at: now.toISOString(),
    action,
    record: { kind: 'client', id: clientId },
    before: before ? { terms: before.terms, creditLimitCents: before.creditLimitCents } : null,
    after: { terms: after.terms, creditLimitCents: after.creditLimitCents },
  });
}

/**
 * Sets (or changes) the client's terms and limit, keeping the credit held, with the staff member's
 * audit log entry (the terms it replaced: writeAsRead; an order's hold does not touch `updatedAt`);
 * 404 when there is no such client.
 */
export async function savePaymentTerms(
  clientId: string,
  input: PaymentTermsInput,
  staffId: string,
): Promise<CreditAccount> {
  await writeAsRead(async (now) => {
    const replaced = await readCreditAccount(clientId, true);
    const outcome = await transact({
      client: {
        ConditionCheck: {
          Key: { pk: clientPartitionKey(clientId), sk: clientProfileKeys(clientId, '').sk },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      account: {
        Update: {
          Key: clientCreditAccountKeys(clientId),
          UpdateExpression:
            'SET entity = :entity, terms = :terms, creditLimitCents = :limit, heldCents = if_not_exists(heldCents, :zero), updatedAt = :now',
          ConditionExpression: replaced ? 'updatedAt = :read' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: {
            ':entity': 'creditAccount',
            ':terms': input.terms,
            ':limit': input.creditLimitCents,
            ':zero': 0,
            ':now': now.toISOString(),
            ...(replaced ? { ':read': replaced.updatedAt } : {}),
          },
        },
      },
      audit: termsAudit(clientId, staffId, now, 'setPaymentTerms', replaced, input),
    });
    if (outcome.committed) return;
    if (outcome.failed.has('client')) throw new NotFound(NO_CLIENT_MESSAGE);
    if (outcome.failed.has('account')) return CHANGED_SINCE_READ;
    throw new TransactionCancelled(outcome.failed);
  });
  return (await readCreditAccount(clientId, true))!;
}

/**
 * Withdraws the client's terms, with the staff member's audit log entry: no new order on account;
 * what their open orders hold stays held until paid. Undefined when the client has no account.
 */
export async function withdrawPaymentTerms(clientId: string, staffId: string): Promise<CreditAccount | undefined> {
  return writeAsRead(async (now) => {
    const withdrawn = await readCreditAccount(clientId, true);
    if (!withdrawn) return undefined;
    const outcome = await transact({
      account: {
        Update: {
          Key: clientCreditAccountKeys(clientId),
          UpdateExpression: 'SET terms = :none, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
          ExpressionAttributeValues: { ':none': null, ':now': now.toISOString(), ':read': withdrawn.updatedAt },
        },
      },
      audit: termsAudit(clientId, staffId, now, 'withdrawPaymentTerms', withdrawn, { ...withdrawn, terms: null }),
    });
    if (outcome.committed) return readCreditAccount(clientId, true);
    if (outcome.failed.has('account')) return CHANGED_SINCE_READ;
    throw new TransactionCancelled(outcome.failed);
  });
}

/**
 * The placing transaction's writes that hold an order's amount against the account as it was read:
 * refused (as `credit`) when the terms were withdrawn, the limit changed, or the credit held meanwhile
 * leaves less than the amount.
 */
export function creditHoldWrites(
  clientId: string,
  orderId: string,
  amountCents: number,
  account: CreditAccount,
): WriteItem[] {
  return [
    {
      Update: {
        Key: clientCreditAccountKeys(clientId),
        UpdateExpression: 'ADD heldCents :amount',
        ConditionExpression: 'terms = :terms AND creditLimitCents = :limit AND heldCents <= :mostHeld',
        ExpressionAttributeValues: {
          ':amount': amountCents,
          ':terms': account.terms,
          ':limit': account.creditLimitCents,
          ':mostHeld': account.creditLimitCents - amountCents,
        },
      },
    },
    // A second hold for the same order would raise heldCents twice while releasing gives it back once.
    {
      Put: {
        Item: { ...creditHoldKeys(clientId, orderId), entity: 'creditHold', orderId, amountCents },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

const RELEASE_ATTEMPTS = 5;

/**
 * Gives an order's held credit back to the account, once however often it is called; false when it
 * held none (or no more). The hold is deleted on the amount read: a line's credit released meanwhile
 * (releaseLineCredit) lowers it, and the release reads it again rather than give that part back twice.
 */
export async function releaseCreditHold(clientId: string, orderId: string): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const hold = await getItem(creditHoldKeys(clientId, orderId), { consistent: true });
    if (!hold) return false;
    const amountCents = hold.amountCents as number;
    const outcome = await transact({
      hold: {
        Delete: {
          Key: creditHoldKeys(clientId, orderId),
          ConditionExpression: 'attribute_exists(pk) AND amountCents = :amount',
          ExpressionAttributeValues: { ':amount': amountCents },
        },
      },
      account: accountRelease(clientId, amountCents),
    });
    if (outcome.committed) return true;
    if (!outcome.failed.has('hold') || attempt >= RELEASE_ATTEMPTS) throw new TransactionCancelled(outcome.failed);
  }
}

/**
 * Gives back the credit a cancelled line of an open order on account held (what its cancel credited,
 * decision 0076): the order's hold is lowered by it and the account's `heldCents` with it, in one
 * transaction, once per line (the hold remembers the lines it gave back). Nothing when the order's
 * hold is gone (paid or cancelled: all of it was given back) or holds less than that.
 */
export async function releaseLineCredit(
  clientId: string,
  orderId: string,
  position: number,
  amountCents: number,
): Promise<boolean> {
  if (amountCents <= 0) return false;
  const line = String(position);
  const outcome = await transact({
    hold: {
      Update: {
        Key: creditHoldKeys(clientId, orderId),
        UpdateExpression: 'SET amountCents = amountCents - :amount ADD releasedLines :lines',
        ConditionExpression: 'attribute_exists(pk) AND amountCents >= :amount AND NOT contains(releasedLines, :line)',
        ExpressionAttributeValues: { ':amount': amountCents, ':lines': new Set([line]), ':line': line },
      },
    },
    account: accountRelease(clientId, amountCents),
  });
  if (outcome.committed) return true;
  if (outcome.failed.has('hold')) return false;
  throw new TransactionCancelled(outcome.failed);
}

function accountRelease(clientId: string, amountCents: number): WriteItem {
  return {
    Update: {
      Key: clientCreditAccountKeys(clientId),
      UpdateExpression: 'ADD heldCents :release',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':release': -amountCents },
    },
  };
}
