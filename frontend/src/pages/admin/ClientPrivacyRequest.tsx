import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ClientSummary } from '#domain/accounts/customer-directory';
import { dataExportFileName } from '#domain/accounts/privacy';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { toaster } from '../../components/layout/toast-queue';
import { saveAs } from '../../lib/save-file';
import { closeClientAccount, fetchClientDataExport } from './admin-api';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

/**
 * A privacy request a client made by mail, carried out by staff: their data as a file (to send
 * them), or their account closed after staff confirm, as the client's own Privacy tab does.
 */
export function ClientPrivacyRequest({ client, onClosed }: { client: ClientSummary; onClosed: () => void }) {
  const name = `${client.firstName} ${client.lastName}`;
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function exportData() {
    setExporting(true);
    try {
      saveAs(dataExportFileName(new Date().toISOString()), await fetchClientDataExport(client.id), 'application/json');
      toaster.create({ type: 'success', title: `${name}'s data is downloaded.` });
    } catch (error) {
      toaster.create({ type: 'error', title: 'The data could not be downloaded.', description: messageOf(error, '') });
    } finally {
      setExporting(false);
    }
  }

  async function close() {
    try {
      await closeClientAccount(client.id, client.email);
      toaster.create({
        type: 'success',
        title: `${name}'s account is closed.`,
        description: `A confirmation went to ${client.email}.`,
      });
      setConfirming(false);
      onClosed();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'The account is not closed.',
        description: messageOf(error, 'Please try again.'),
      });
    }
  }

  return (
    <Box as="section" aria-labelledby="client-privacy" borderWidth="1px" rounded="lg" p="4" bg="white">
      <Heading as="h3" id="client-privacy" size="md" color="brand.800">
        Privacy request of {name}
      </Heading>
      <Text mt="1" mb="3" color="gray.700">
        For a request {client.email} made by mail: download their data to send them, or close their account.
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button size="sm" colorPalette="brand" loading={exporting} loadingText="Preparing..." onClick={exportData}>
          Download their data
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          Close their account
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title="Close account"
        message={`Close ${name}'s account (${client.email})? Their sign-in and personal data are deleted; orders and invoices are kept as tax records. This cannot be undone.`}
        confirmLabel="Close account"
        onConfirm={close}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
