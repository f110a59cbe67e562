import { NativeSelect } from '@chakra-ui/react';
import { EIGHTHS_OPTIONS } from '#domain/pricing/dimensions';

/** The 0 to 7/8 dropdown beside a whole-inch input. */
export function EighthsSelect({
  ariaLabel,
  value,
  onChange,
  size,
  width,
}: {
  ariaLabel: string;
  value: number;
  onChange: (eighths: number) => void;
  size?: 'sm';
  width: string;
}) {
  return (
    <NativeSelect.Root size={size} width={width} flexShrink={0}>
      <NativeSelect.Field
        aria-label={ariaLabel}
        bg="white"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {EIGHTHS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
