import { Button, Dialog, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { SiteDialog } from './SiteDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that answers no; 'Cancel' unless that would read as the action itself (cancelling an order). */
  dismissLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before a change that cannot be undone (removing a saved product, cancelling an order). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <SiteDialog
      role="alertdialog"
      closeButton={false}
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">{dismissLabel}</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="red" loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </SiteDialog>
  );
}
