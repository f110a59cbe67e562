import type { CustomerQuoteView } from '../../api/customer-quotes';

/** The toast after a quote is saved (from checkout or a property): its number, and what happens next. */
export function quoteSavedToast(quote: Pick<CustomerQuoteView, 'number' | 'status'>) {
  return {
    type: 'success',
    title: `Quote ${quote.number} saved`,
    description:
      quote.status === 'awaitingPricing'
        ? 'We will price the freight and e-mail you the quote to accept.'
        : 'Its prices hold for 30 days.',
  } as const;
}
