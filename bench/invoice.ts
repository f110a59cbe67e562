/**
 * The invoice PDF of a paid order (what the OrderPaid consumer renders before storing it): p50/p99
 * of building and drawing it for a typical order (two blinds and a sample, one page) and for the
 * largest an order may be (MAX_ORDER_LINES lines, several pages), with the size of each file.
 */
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import { buildInvoice, shopSeller } from '#domain/orders/invoice';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { renderInvoicePdf } from '../functions/orders/invoice-pdf';
import { EXAMPLE_BUSINESS } from '../tests/support/business';
import { orderLine, paidOrderDetail } from '../tests/support/paid-order';
import { type Latency, measureLatency } from './latency';

export interface InvoiceFigure {
  latency: Latency;
  kilobytes: number;
}

async function figure(order: ReturnType<typeof paidOrderDetail>, requests: number): Promise<InvoiceFigure> {
  let bytes = 0;
  const latency = await measureLatency(
    async () => {
      bytes = (await renderInvoicePdf(buildInvoice(order, shopSeller(EXAMPLE_BUSINESS)))).length;
    },
    { warmUp: 5, requests },
  );
  return { latency, kilobytes: bytes / 1024 };
}

export async function benchmarkInvoiceRendering(): Promise<Record<string, InvoiceFigure>> {
  const largest = paidOrderDetail({
    lines: Array.from({ length: MAX_ORDER_LINES }, (_, i) =>
      orderLine(i + 1, defaultConfiguration('faux-wood-blinds'), `Unit ${100 + i}`, 2, 4140),
    ),
  });
  return {
    'invoice PDF, 2 blinds and a sample': await figure(paidOrderDetail(), 100),
    [`invoice PDF, ${MAX_ORDER_LINES} lines`]: await figure(largest, 30),
  };
}
