import { Badge } from '@chakra-ui/react';
import type { QuoteStatus } from '#domain/customer-quotes/customer-quote';

const STATUS_PALETTE = {
  open: 'green',
  awaitingPricing: 'orange',
  accepted: 'blue',
  expired: 'gray',
  replaced: 'gray',
} as const satisfies Record<QuoteStatus, string>;

/** A quote's status as a coloured badge, in the words the server gave it. */
export function QuoteStatusBadge({ status, label }: { status: QuoteStatus; label: string }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} variant="subtle">
      {label}
    </Badge>
  );
}
