import { Button, chakra, Dialog, Input, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { savedProductNameSchema } from '#domain/accounts/saved-product';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField } from '../../components/form/FormField';

interface ProductNameDialogProps {
  open: boolean;
  title: string;
  description?: string;
  initialName: string;
  submitLabel: string;
  /** Saves the trimmed name; resolves with a field error to show, or nothing once saved. */
  onSubmit: (name: string) => Promise<string | void>;
  onClose: () => void;
}

/**
 * Names a saved product: the Save Configuration dialog and the rename dialog of My Account. The
 * name is trimmed and may not be blank; Enter submits.
 */
export function ProductNameDialog({
  open,
  title,
  description,
  initialName,
  submitLabel,
  onSubmit,
  onClose,
}: ProductNameDialogProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  if (open && openedWith !== initialName) {
    setOpenedWith(initialName);
    setName(initialName);
    setError(undefined);
  }
  if (!open && openedWith !== null) setOpenedWith(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = savedProductNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      const fieldError = await onSubmit(parsed.data);
      setError(fieldError || undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SiteDialog
      open={open}
      onClose={onClose}
      title={title}
      initialFocusEl={() => inputRef.current}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="brand" loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {description && (
        <Text mb="4" color="gray.700" fontSize="sm">
          {description}
        </Text>
      )}
      <chakra.form id={formId} onSubmit={submit} noValidate>
        <FormField id={`${formId}-name`} name="name" label="Name" required error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              value={name}
              maxLength={120}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
      </chakra.form>
    </SiteDialog>
  );
}
