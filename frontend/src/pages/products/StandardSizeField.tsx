import { Box, NativeSelect, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { standardSizeDimension } from '#domain/catalogue/standard-sizes';
import { formatDimension } from '#domain/pricing/measuring';

const inchesLabel = (inches: number): string => formatDimension(standardSizeDimension(inches));

/** A width or length of a standard-size family: one of the grid's sizes, from a dropdown. */
export function StandardSizeField({
  id,
  label,
  sizes,
  value,
  invalid,
  range,
  onChange,
}: {
  /** Of the field's wrapper, so the configurator can bring the customer back to it. */
  id: string;
  label: 'Width' | 'Length';
  /** Null while the grids load. */
  sizes: readonly number[] | null;
  value: number | null;
  invalid: boolean;
  /** For a width: the window widths that work with the mount and basis (after any inside-mount deduction). */
  range?: string;
  onChange: (inches: number) => void;
}) {
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const first = sizes?.[0];
  const last = sizes?.[sizes.length - 1];
  return (
    <Box id={id}>
      <chakra.label htmlFor={selectId} display="block" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
        {label} (inches)
      </chakra.label>
      <NativeSelect.Root disabled={!sizes}>
        <NativeSelect.Field
          id={selectId}
          bg="white"
          value={value === null ? '' : String(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          <option value="" disabled>
            Select {label === 'Width' ? 'width' : 'height'}
          </option>
          {sizes?.map((inches) => (
            <option key={inches} value={String(inches)}>
              {inchesLabel(inches)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text id={hintId} fontSize="xs" color="gray.600" mt="1">
        {first === undefined || last === undefined
          ? 'Standard sizes only.'
          : `Standard sizes only, ${inchesLabel(first)} to ${inchesLabel(last)}.`}
        {range && ` ${range}.`}
      </Text>
    </Box>
  );
}
