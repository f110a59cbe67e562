import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { defaultSavedProductName } from '../../../../domain/accounts/saved-product';
import { saveProduct } from '../../api/account';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/Toaster';
import { readStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { ProductNameDialog } from '../account/ProductNameDialog';
import type { FormReading } from './configurator-form';

/**
 * The configurator's URL with the size and mount in the query the faux wood page pre-fills from
 * (width, height, mount, measurementType), so a guest who signs in comes back to that blind. Other
 * families keep only their tab; colour, eighths and options are not part of any page's query.
 */
export function returnPathFor(pathname: string, search: string, reading: FormReading): string {
  const query = new URLSearchParams(search);
  if (reading.ok && reading.configuration.family === 'faux-wood-blinds') {
    const { width, length, mount, measurement } = reading.configuration;
    if (width) query.set('width', String(width.inches));
    if (length) query.set('height', String(length.inches));
    query.set('mount', mount);
    query.set('measurementType', measurement);
  }
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** Save Configuration (storefront sections 2 and 5): a guest is asked to sign in first; a client names the blind and saves it. */
export function SaveConfigurationDialog({ reading }: { reading: FormReading }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  function start() {
    if (!readStorage('local', STORAGE_KEYS.clientId)) {
      toaster.create({ type: 'info', title: 'Sign In Required', description: 'Please sign in to save this configuration to your account.' });
      navigate(`/login?redirect=${encodeURIComponent(returnPathFor(location.pathname, location.search, reading))}`);
      return;
    }
    if (!reading.ok) {
      toaster.create({ type: 'error', title: reading.error.title, description: reading.error.message });
      return;
    }
    setOpen(true);
  }

  async function save(name: string): Promise<string | void> {
    if (!reading.ok) return;
    try {
      await saveProduct(name, reading.input);
      toaster.create({ type: 'success', title: `${name} saved to your account.` });
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.name) return error.fieldErrors.name;
      toaster.create({ type: 'error', title: 'Failed to save product. Please try again.', ...(error instanceof ApiError && error.status === 400 ? { description: error.message } : {}) });
    }
  }

  return (
    <>
      <Button variant="outline" colorPalette="brand" w="full" mt="3" onClick={start}>
        Save Configuration
      </Button>
      <ProductNameDialog
        open={open}
        title="Save Configuration"
        description="Save this blind to your account to order it later from My Account."
        initialName={reading.ok ? defaultSavedProductName(reading.configuration) : ''}
        submitLabel="Save"
        onSubmit={save}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
