/**
 * Transactions of named writes. A store names each write of a transaction (`header`, `orderNumber`,
 * `cart`, `lines`…) and a transaction its conditions cancelled comes back as the names whose
 * conditions failed, so no store decodes DynamoDB's cancellation reasons by position. Every other
 * cancellation is thrown, naming the writes DynamoDB refused.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws-clients';
import { tableName } from './items';

type SdkWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type OnTable<T> = Omit<NonNullable<T>, 'TableName'>;

/** One write of a transaction on the shop's table (the SDK's shape, without the table name). */
export type WriteItem =
  | { Put: OnTable<SdkWrite['Put']> }
  | { Update: OnTable<SdkWrite['Update']> }
  | { Delete: OnTable<SdkWrite['Delete']> }
  | { ConditionCheck: OnTable<SdkWrite['ConditionCheck']> };

/** The writes of one transaction by name: one write, several (a line each), or none. */
export type NamedWrites<N extends string> = Record<N, WriteItem | readonly WriteItem[] | null>;

/** An event committed with the change (functions/lib/event-outbox.ts): its outbox item's write, and its publication after the commit. */
export interface CommittedEvent {
  readonly put: WriteItem;
  send(): Promise<void>;
}

export type TransactOutcome<N extends string> =
  | { committed: true }
  /** Nothing was written: `failed` holds the names whose conditions failed, each with DynamoDB's message. */
  | { committed: false; failed: ReadonlyMap<N, string> };

/**
 * DynamoDB cancelled a transaction for more than failed conditions (an invalid item, a conflict that
 * outlasted the attempts…), or for a condition its caller did not expect to fail.
 */
export class TransactionCancelled extends Error {
  constructor(
    /** DynamoDB's message (else its code) for each write it refused, by name. */
    private readonly refused: ReadonlyMap<string, string>,
    cause?: unknown,
  ) {
    super(`Transaction cancelled: ${[...refused].map(([name, reason]) => `${name}: ${reason}`).join('; ')}`, { cause });
    this.name = 'TransactionCancelled';
  }

  /** Why DynamoDB refused the write of this name, or undefined when it did not refuse it. */
  reasonOf(name: string): string | undefined {
    return this.refused.get(name);
  }
}

interface CancellationReason {
  Code?: string;
  Message?: string;
}

/** The reason for each write of a cancelled transaction, in the writes' order; undefined for any other error. */
function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if ((error as { name?: string })?.name !== 'TransactionCanceledException') return undefined;
  return (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
}

/** DynamoDB cancels one of two transactions on the same item at once (TransactionConflict); that one is tried again. */
const TRANSACTION_ATTEMPTS = 5;

const isConflict = ({ code }: { code: string }) => code === 'TransactionConflict';

async function sendRetryingConflicts(items: SdkWrite[], attempts: number): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const conflict = cancellationReasons(error)?.some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

function onTable(write: WriteItem): SdkWrite {
  const [[kind, input]] = Object.entries(write) as [[keyof SdkWrite, object]];
  return { [kind]: { ...input, TableName: tableName() } } as SdkWrite;
}

/**
 * Writes the named writes and the events' outbox items (after them) in one transaction, then
 * publishes the events. A transaction DynamoDB cancels for a conflict with another (on items others
 * change at the same moment: a counter) is tried again after a short random wait, up to `attempts`
 * times (more where many callers contend for one item, as bookings of one slot do), so it ends
 * committed or refused by its own conditions. With `conflicts: 'answer'` a conflict is answered at
 * once, as not committed (its writes are not in `failed`), for a caller that reads again before it
 * tries again, as an append to a chat does. Once committed nothing here throws: an event the bus did
 * not take is published by the outbox's sweep.
 */
export async function transact<N extends string>(
  writes: NamedWrites<N>,
  options: { events?: readonly CommittedEvent[]; attempts?: number; conflicts?: 'retry' | 'answer' } = {},
): Promise<TransactOutcome<N>> {
  const answerConflicts = options.conflicts === 'answer';
  const events = options.events ?? [];
  const names: Array<N | null> = [];
  const items: SdkWrite[] = [];
  for (const [name, value] of Object.entries(writes) as Array<[N, WriteItem | WriteItem[] | null]>) {
    for (const write of value === null ? [] : Array.isArray(value) ? value : [value]) {
      names.push(name);
      items.push(onTable(write));
    }
  }
  for (const event of events) {
    names.push(null);
    items.push(onTable(event.put));
  }
  try {
    await sendRetryingConflicts(items, answerConflicts ? 1 : (options.attempts ?? TRANSACTION_ATTEMPTS));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    const refused = reasons.flatMap(({ Code, Message }, index) =>
      Code && Code !== 'None' ? [{ name: names[index] ?? null, code: Code, message: Message ?? Code }] : [],
    );
    const conditionFailed = refused.filter(({ name, code }) => name !== null && code === 'ConditionalCheckFailed');
    const answered = conditionFailed.length + (answerConflicts ? refused.filter(isConflict).length : 0);
    if (refused.length > 0 && answered === refused.length)
      return { committed: false, failed: new Map(conditionFailed.map(({ name, message }) => [name!, message])) };
    throw new TransactionCancelled(new Map(refused.map(({ name, message }) => [name ?? 'event', message])), error);
  }
  await Promise.all(events.map((event) => event.send()));
  return { committed: true };
}
