/**
 * A customer quote's PDF: the owner's, and the share link's for anyone with it. Apart from the
 * other quote routes, which carry no PDF renderer.
 */
import { quoteReference, type CustomerQuote } from '#domain/customer-quotes/customer-quote';
import { quoteDocument } from '#domain/customer-quotes/quote-document';
import { shopSeller } from '#domain/orders/invoice';
import { businessConfig } from '../lib/config';
import { httpHandler, type HttpResult } from '../lib/http';
import { renderDocumentPdf } from '../orders/invoice-pdf';
import { ownQuote, sharedQuote } from './quote-access';

async function pdfOf(quote: CustomerQuote): Promise<HttpResult> {
  const pdf = await renderDocumentPdf(quoteDocument(quote, shopSeller(businessConfig())));
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="quote-${quoteReference(quote).replace(' ', '-')}.pdf"`,
      'cache-control': 'no-store',
    },
    body: Buffer.from(pdf).toString('base64'),
    isBase64Encoded: true,
  };
}

/** GET /api/customer-quotes/{quoteId}/pdf: the printable quote. */
export const getMyQuotePdf = httpHandler(async (event) => pdfOf(await ownQuote(event)));
/** GET /api/customer-quotes/shared/{token}/pdf */
export const getSharedQuotePdf = httpHandler(async (event) => pdfOf(await sharedQuote(event)));
