import { Button, chakra, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { SiteDialog } from './SiteDialog';

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
    <SiteDialog
      open={open}
      onClose={onClose}
      title={title}
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      titleFontSize="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} colorPalette="brand" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <chakra.form id={formId} noValidate onSubmit={onSubmit}>
        <Stack gap="4">{children}</Stack>
      </chakra.form>
    </SiteDialog>
  );
}
