import { Button, Flex, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import type { WindowOrderChoice } from '#domain/properties/window-order';
import { toaster } from '../../../components/layout/toast-queue';
import { onDemand } from '../../../components/layout/useOnDemand';

/** The dialog and the window order come with the first opening, not in the product page's first load. */
const usePropertyAndRoomDialog = onDemand(() =>
  import('./PropertyAndRoomDialog').then((module) => module.PropertyAndRoomDialog),
);

/**
 * The configurator's Select Property and Room button, the room label it chose, and the dialog
 * once opened (PropertyAndRoomDialog.tsx). A guest is offered to sign in there (`onSignIn` keeps
 * the form) and finds it open again on return (`reopen`).
 */
export const SelectPropertyAndRoom = memo(function SelectPropertyAndRoom({
  roomLabel,
  onRoomLabelChange,
  choice,
  grids,
  onSignIn,
  reopen,
}: {
  roomLabel: string | null;
  onRoomLabelChange: (roomLabel: string | null) => void;
  /** The configurator's product, colour and mount: where the window order starts. */
  choice: WindowOrderChoice;
  grids: PriceGrids | null;
  onSignIn: () => void;
  reopen: boolean;
}) {
  const [open, setOpen] = useState(false);
  const PropertyAndRoomDialog = usePropertyAndRoomDialog(open, () => {
    setOpen(false);
    toaster.create({ type: 'error', title: 'Failed to load your properties.' });
  });

  useEffect(() => {
    if (reopen) setOpen(true);
  }, [reopen]);

  return (
    <>
      <Flex gap="2" mt="3" align="center" wrap="wrap">
        <Button variant="outline" colorPalette="brand" flex="1" minW="48" onClick={() => setOpen(true)}>
          Select Property and Room
        </Button>
        {roomLabel && (
          <Text fontSize="sm" color="gray.700">
            Room: {roomLabel}{' '}
            <Button size="xs" variant="ghost" onClick={() => onRoomLabelChange(null)} aria-label="Clear the room label">
              Clear
            </Button>
          </Text>
        )}
      </Flex>
      {PropertyAndRoomDialog && (
        <PropertyAndRoomDialog
          open={open}
          onClose={() => setOpen(false)}
          onRoomLabelChange={onRoomLabelChange}
          choice={choice}
          grids={grids}
          onSignIn={onSignIn}
        />
      )}
    </>
  );
});
