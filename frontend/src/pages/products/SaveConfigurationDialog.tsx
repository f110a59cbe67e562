import { Button } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { defaultSavedProductName } from '#domain/accounts/saved-product-name';
import { saveProduct } from '../../api/account';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { onDemand } from '../../components/layout/useOnDemand';
import type { FormReading } from './configurator-form';
import { useClientAction } from './useClientAction';

/** The naming dialog comes with its first opening, not in the product page's first load. */
const useProductNameDialog = onDemand(() =>
  import('../account/ProductNameDialog').then((module) => module.ProductNameDialog),
);

/**
 * Save Configuration: a guest is asked to sign in first and comes back to this page
 * (`onSignInRequired` keeps the form, `reopen` opens the dialog on their return); a client names
 * the blind and saves it.
 */
export const SaveConfigurationDialog = memo(function SaveConfigurationDialog({
  reading,
  onSignInRequired,
  reopen,
}: {
  reading: FormReading;
  onSignInRequired: () => void;
  reopen: boolean;
}) {
  const [open, setOpen] = useState(false);
  const ProductNameDialog = useProductNameDialog(open, () => {
    setOpen(false);
    toaster.create({ type: 'error', title: 'Failed to save product. Please try again.' });
  });
  const start = useClientAction(reading, {
    signInReason: 'save this configuration to your account',
    onSignInRequired,
    reopen,
    open: () => setOpen(true),
  });

  async function save(name: string): Promise<string | void> {
    if (!reading.ok) return;
    try {
      await saveProduct(name, reading.configuration);
      toaster.create({ type: 'success', title: `${name} saved to your account.` });
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.name) return error.fieldErrors.name;
      toaster.create({
        type: 'error',
        title: 'Failed to save product. Please try again.',
        ...(error instanceof ApiError && error.status === 400 ? { description: error.message } : {}),
      });
    }
  }

  return (
    <>
      <Button variant="outline" colorPalette="brand" w="full" mt="3" onClick={start}>
        Save Configuration
      </Button>
      {ProductNameDialog && (
        <ProductNameDialog
          open={open}
          title="Save Configuration"
          description="Save this blind to your account to order it later from My Account."
          initialName={reading.ok ? defaultSavedProductName(reading.configuration) : ''}
          submitLabel="Save"
          onSubmit={save}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
});
