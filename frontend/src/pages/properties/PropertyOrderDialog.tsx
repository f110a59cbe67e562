import type { WindowOrderChoice } from '#domain/properties/window-order';
import { WindowOrderDialog } from '../products/property/WindowOrderDialog';
import { usePriceGrids } from '../products/usePriceGrids';

/** Where an order from My Properties starts: the shop's best seller, as the faux wood page opens. */
const FIRST_CHOICE: WindowOrderChoice = {
  family: 'faux-wood-blinds',
  series: 'standard',
  colorCode: 'E02',
  mount: 'inside',
};

/** The window order of My Properties: the windows chosen there, previewed at the current grids. */
export function PropertyOrderDialog({
  propertyId,
  propertyName,
  windowIds,
  onClose,
}: {
  propertyId: string;
  propertyName: string;
  windowIds: readonly string[];
  onClose: () => void;
}) {
  const { grids } = usePriceGrids();
  return (
    <WindowOrderDialog
      propertyId={propertyId}
      propertyName={propertyName}
      roomName={null}
      windowIds={windowIds}
      initial={FIRST_CHOICE}
      grids={grids}
      onClose={onClose}
    />
  );
}
