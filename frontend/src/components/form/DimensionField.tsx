import { Box, Flex, Input, Text, chakra } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { EighthsSelect } from './EighthsSelect';

/**
 * The one size input of the site: whole inches typed, plus eighths from the dropdown. The
 * configurators, the measuring helper and the property window form all use it, so a size is entered
 * the same way everywhere; the text is read by the caller (the configurator's Invalid Entry, the
 * window form's schema). Memo: the configurator re-renders with every keystroke in the other field.
 */
export const DimensionField = memo(function DimensionField({
  id,
  name,
  label,
  range,
  error,
  inchesText,
  eighths,
  invalid,
  required = false,
  size,
  onInchesChange,
  onEighthsChange,
}: {
  /** Of the fields' wrapper, so a form can bring the customer back to it. */
  id: string;
  /** The inches box's name, for a form that focuses its first invalid field. */
  name?: string;
  /** What is measured: 'Width', 'Width at the top'; shown with "(inches)". */
  label: string;
  /** The sizes that work, e.g. 'Windows 6 ½″ to 96 ½″ wide' (after any inside-mount deduction). */
  range?: string;
  /** The field's own message, shown under it and tied to the inches box. */
  error?: string;
  inchesText: string;
  eighths: number;
  invalid: boolean;
  required?: boolean;
  size?: 'sm';
  onInchesChange: (text: string) => void;
  onEighthsChange: (eighths: number) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : undefined, range ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <Box id={id}>
      <chakra.label
        htmlFor={inputId}
        display="block"
        fontWeight={size ? 'normal' : 'semibold'}
        fontSize="sm"
        mb={size ? '1' : '1.5'}
        color="gray.800"
      >
        {label} (inches)
        {required && (
          <chakra.span aria-hidden color="red.700" ms="1">
            *
          </chakra.span>
        )}
      </chakra.label>
      <Flex gap={size ? '1.5' : '2'}>
        <Input
          id={inputId}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          size={size}
          value={inchesText}
          onChange={(event) => onInchesChange(event.target.value)}
          aria-invalid={invalid || Boolean(error) || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy || undefined}
          flex="1"
          minW="0"
          bg="white"
        />
        <EighthsSelect
          ariaLabel={`${label} eighths of an inch`}
          value={eighths}
          onChange={onEighthsChange}
          size={size}
          width={size ? '20' : '24'}
        />
      </Flex>
      {range && (
        <Text id={hintId} fontSize="xs" color="gray.600" mt="1">
          {range}; whole inches, fractions from the dropdown.
        </Text>
      )}
      {error && (
        <Text id={errorId} fontSize="sm" color="red.700" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
});
