import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { fetchInvoicePdfLink } from '../../api/account-invoices';
import { ApiError } from '../../api/client';
import { toaster } from '../layout/toast-queue';

/** Downloads an account invoice's PDF through a short-lived link asked for on click (the link is an attachment: the page stays). */
export function InvoicePdfButton({
  invoiceId,
  asStaff = false,
  ...buttonProps
}: { invoiceId: string; asStaff?: boolean } & ButtonProps) {
  const [loading, setLoading] = useState(false);
  async function download() {
    setLoading(true);
    try {
      const link = await fetchInvoicePdfLink(invoiceId, asStaff);
      window.location.assign(link.url);
    } catch (error) {
      const title =
        error instanceof ApiError && error.kind === 'http' && error.status === 404
          ? error.message
          : 'Could not reach the invoice. Please try again.';
      toaster.create({ type: 'error', title });
    } finally {
      setLoading(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      loading={loading}
      onClick={download}
      aria-label={`Download invoice ${invoiceId} (PDF)`}
      {...buttonProps}
    >
      PDF
    </Button>
  );
}
