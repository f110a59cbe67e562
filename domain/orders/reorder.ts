/**
 * "Order again": a past order's blinds (all, or the lines chosen) put back in the cart as they were
 * configured, with their rooms, at today's prices (functions/orders/orders-api.ts).
 */
import * as z from 'zod';
import { MAX_ORDER_LINES } from '../checkout/totals';
import { formatCents } from '../pricing/money';
import type { OrderLine } from './order';

export const reorderRequestSchema = z.strictObject({
  /** The lines to buy again, by position; all of them when absent. */
  positions: z.array(z.int().min(1)).min(1).max(MAX_ORDER_LINES).optional(),
});
export type ReorderRequest = z.infer<typeof reorderRequestSchema>;

export interface ReorderResult {
  /** Blinds added to the cart (each line's quantity). */
  addedCount: number;
  /** What they cost at today's prices. */
  totalCents: number;
  /** Lines today's grids no longer price (a size or colour withdrawn), with the reason. */
  failures: Array<{ position: number; title: string; message: string }>;
}

export const REORDER_MESSAGES = {
  unknownPositions: 'Choose lines of this order to buy again.',
  noneAdded: 'None of these blinds can be ordered again as they were. Please configure them again.',
} as const;

/** The order's lines a request asks for, or null when it names a line the order does not have. */
export function linesToReorder(lines: readonly OrderLine[], request: ReorderRequest): OrderLine[] | null {
  if (!request.positions) return [...lines];
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  const chosen = [...new Set(request.positions)].map((position) => byPosition.get(position));
  return chosen.every((line) => line !== undefined) ? (chosen as OrderLine[]) : null;
}

/** The toast of a reorder: how many blinds went into the cart and what they cost today. */
export function reorderAddedMessage(result: Pick<ReorderResult, 'addedCount' | 'totalCents'>): string {
  const lines = result.addedCount === 1 ? '1 blind' : `${result.addedCount} blinds`;
  return `Added ${lines} to your cart at today's prices: ${formatCents(result.totalCents)}.`;
}
