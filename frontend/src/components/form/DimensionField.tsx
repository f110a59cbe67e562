import { Box, Flex, Input, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { EighthsSelect } from './EighthsSelect';

/** Whole inches typed, plus eighths from the dropdown (storefront section 5). */
export function DimensionField({
  id,
  label,
  range,
  inchesText,
  eighths,
  invalid,
  onInchesChange,
  onEighthsChange,
}: {
  /** Of the fields' wrapper, so the configurator can bring the customer back to it. */
  id: string;
  label: 'Width' | 'Length';
  /** The sizes that work, e.g. 'Windows 6 ½″ to 96 ½″ wide' (after any inside-mount deduction). */
  range: string;
  inchesText: string;
  eighths: number;
  invalid: boolean;
  onInchesChange: (text: string) => void;
  onEighthsChange: (eighths: number) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  return (
    <Box id={id}>
      <chakra.label htmlFor={inputId} display="block" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
        {label} (inches)
      </chakra.label>
      <Flex gap="2">
        <Input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={inchesText}
          onChange={(event) => onInchesChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          flex="1"
          minW="0"
          bg="white"
        />
        <EighthsSelect ariaLabel={`${label} eighths of an inch`} value={eighths} onChange={onEighthsChange} width="24" />
      </Flex>
      <Text id={hintId} fontSize="xs" color="gray.600" mt="1">
        {range}; whole inches, fractions from the dropdown.
      </Text>
    </Box>
  );
}
