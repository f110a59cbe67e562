import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '../../components/layout/toast-queue';
import { onDemand } from '../../components/layout/useOnDemand';
import type { FormReading } from './configurator-form';
import { useClientAction } from './useClientAction';

/** The request form (and its schema) comes with its first opening, not in the product page's first load. */
const usePriceMatchDialog = onDemand(() => import('./PriceMatchDialog').then((module) => module.PriceMatchDialog));

/**
 * Request a price match, under the guarantee on the price panel: a guest is asked to sign in first
 * and comes back to this page (`onSignInRequired` keeps the form, `reopen` opens the dialog on their
 * return); a client sends the competitor's offer for the configuration on the screen.
 */
export function PriceMatchRequest({
  reading,
  ourUnitCents,
  onSignInRequired,
  reopen,
}: {
  reading: FormReading;
  /** The price the panel shows, for the dialog to compare with; the server prices the blind itself. */
  ourUnitCents: number;
  onSignInRequired: () => void;
  reopen: boolean;
}) {
  const [open, setOpen] = useState(false);
  const PriceMatchDialog = usePriceMatchDialog(open, () => {
    setOpen(false);
    toaster.create({ type: 'error', title: 'Failed to open the price match form. Please try again.' });
  });
  const start = useClientAction(reading, {
    signInReason: 'request a price match',
    onSignInRequired,
    reopen,
    open: () => setOpen(true),
  });

  return (
    <>
      <Button size="sm" variant="outline" colorPalette="oak" bg="white" alignSelf="start" onClick={start}>
        Request a price match
      </Button>
      {PriceMatchDialog && reading.ok && (
        <PriceMatchDialog
          open={open}
          configuration={reading.configuration}
          ourUnitCents={ourUnitCents}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
