import { formatCents } from '#domain/pricing/money';
import { LIST_PRICE_LABEL, YOUR_PRICE_LABEL } from '#domain/pricing/price-list';

/**
 * A blind's unit price as a line shows it; a buyer on contract prices (domain/pricing/price-list.ts)
 * reads "Your price" with the list price struck through, as the product page shows it.
 */
export function UnitPrice({
  unitCents,
  listUnitCents,
  each = true,
}: {
  unitCents: number;
  listUnitCents?: number;
  each?: boolean;
}) {
  const listed = listUnitCents !== undefined && listUnitCents > unitCents ? listUnitCents : null;
  return (
    <>
      {listed !== null && `${YOUR_PRICE_LABEL}: `}
      {formatCents(unitCents)}
      {each && ' each'}
      {listed !== null && (
        <>
          {`, ${LIST_PRICE_LABEL.toLowerCase()} `}
          <s>{formatCents(listed)}</s>
        </>
      )}
    </>
  );
}
