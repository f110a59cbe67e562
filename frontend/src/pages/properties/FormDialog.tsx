import { Button, chakra, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/** A dialog holding one form: Cancel, and a submit button that reads Saving... while it saves. */
export function FormDialog({
  open,
  onClose,
  title,
  formId,
  saving,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  formId: string;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="xl" color="brand.800">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.form id={formId} noValidate onSubmit={onSubmit}>
                <Stack gap="4">{children}</Stack>
              </chakra.form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
