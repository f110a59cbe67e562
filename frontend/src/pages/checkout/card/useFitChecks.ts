import { useMemo, useState } from 'react';
import { formatSize } from '#domain/cart/line';
import { unconfirmedFitLines, type CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { addConfigurationToCart, removeCartItem } from '../../../api/cart';
import { ApiError } from '../../../api/client';
import { toaster } from '../../../components/layout/toast-queue';
import { isUnauthorized } from '../../../lib/use-resource';
import { fixedConfiguration, questionedLines, type QuestionedLine } from './fit-fix';

/**
 * The measure check's lines at checkout (decision 0069) and what the customer made of each: a line
 * confirmed as it is goes with the order (`confirmedFitLines`); Fix puts the same blind (colour,
 * options, quantity, room) in the cart as the check suggests and takes the questioned one out,
 * there and then: the customer keeps their place and what they typed in checkout, and sees the
 * corrected line and its price in the summary, checked afresh. Paying waits until no line is left open.
 */
export function useFitChecks(quote: CheckoutQuoteWithFitChecks, onUnauthorized: () => void, requote: () => void) {
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  /** The line being replaced by Fix. */
  const [fixing, setFixing] = useState<string | null>(null);
  const questioned = useMemo(() => questionedLines(quote), [quote]);
  const confirmedFitLines = questioned.map(({ line }) => line.lineId).filter((lineId) => confirmed.has(lineId));
  const unconfirmed = unconfirmedFitLines(quote.fitChecks, confirmedFitLines);

  function toggleConfirmed(lineId: string) {
    setConfirmed((current) => {
      const next = new Set(current);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });
  }

  /** The corrected blind is added first, so a size that cannot be made leaves the cart as it was. */
  async function fix(line: QuestionedLine) {
    if (fixing) return;
    const { lineId, title, roomLabel, quantity } = line.line;
    const configuration = { ...fixedConfiguration(line), quantity };
    setFixing(lineId);
    try {
      await addConfigurationToCart(configuration, { roomLabel: roomLabel ?? undefined });
      await removeCartItem(lineId);
      toaster.create({
        type: 'success',
        title: `${title} fixed`,
        description: `Now ${formatSize(configuration.width)} W x ${formatSize(configuration.length)} H, ${configuration.mount} mount.`,
      });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      toaster.create({
        type: 'error',
        title: `Could not fix ${title}`,
        description:
          error instanceof ApiError && error.kind === 'http' && error.status < 500
            ? error.message
            : 'Please try again, or change it in your cart.',
      });
    } finally {
      setFixing(null);
      requote();
    }
  }

  return {
    questioned,
    isConfirmed: (lineId: string) => confirmed.has(lineId),
    toggleConfirmed,
    confirmedFitLines,
    unconfirmed,
    fixing,
    fix,
  };
}

export type FitChecksState = ReturnType<typeof useFitChecks>;
