import { Alert, Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatSize } from '#domain/cart/line';
import type { Dimension } from '#domain/pricing/dimensions';
import { SWAP_QUESTION, swappedSizeWindow, type WindowSizes } from '#domain/properties/fit-check';
import { orderingSize } from '#domain/properties/window-order';
import { fetchWindowSizes } from '../../api/properties';
import type { ConfiguratorForm } from './configurator-form';

/** Read once a page: the windows a customer measured change on another page, not while they configure. */
let windowSizes: Promise<WindowSizes[]> | undefined;
function readWindowSizes(): Promise<WindowSizes[]> {
  // A question that cannot be asked (offline, signed out meanwhile) is no fault: the next size tries again.
  return (windowSizes ??= fetchWindowSizes().catch(() => {
    windowSizes = undefined;
    return [];
  }));
}

const dimensionOf = (text: string, eighths: number): Dimension | null =>
  /^\d+$/.test(text) ? { inches: Number(text), eighths } : null;

/**
 * Will it fit? (decision 0069): a signed-in customer's size whose width and length are a saved
 * window's height and width, each within 1/4", asks whether they swapped them, and swaps them on
 * request. Downloaded, with the customer's windows, only once they enter a size (the product page's
 * first load stays within its budget).
 */
export function SwapSizeQuestion({
  form,
  update,
}: {
  form: ConfiguratorForm;
  update: (change: Partial<ConfiguratorForm>) => void;
}) {
  const [windows, setWindows] = useState<WindowSizes[]>([]);
  useEffect(() => {
    let current = true;
    void readWindowSizes().then((read) => current && setWindows(read));
    return () => {
      current = false;
    };
  }, []);
  const swapped = swappedSizeWindow(
    {
      width: dimensionOf(form.widthText, form.widthEighths),
      length: dimensionOf(form.lengthText, form.lengthEighths),
    },
    windows,
  );
  if (!swapped) return null;
  const measured = orderingSize(swapped, form.mount);
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{SWAP_QUESTION}</Alert.Title>
        <Alert.Description>
          A window you measured is {formatSize(measured.width)} wide and {formatSize(measured.length)} high.
        </Alert.Description>
        <Button
          mt="2"
          size="sm"
          variant="outline"
          colorPalette="brand"
          alignSelf="flex-start"
          onClick={() =>
            update({
              widthText: form.lengthText,
              widthEighths: form.lengthEighths,
              lengthText: form.widthText,
              lengthEighths: form.widthEighths,
            })
          }
        >
          Swap width and height
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
