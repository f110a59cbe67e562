import { Box, Flex, Text } from '@chakra-ui/react';
import { memo, useId } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** A labelled group of native radio buttons drawn as segmented buttons: arrow keys and screen readers work as usual. */
function ChoiceGroupOf<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <Box as="fieldset" minW="0">
      <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
        {legend}
      </Text>
      <Flex wrap="wrap" gap="2">
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <Box
              as="label"
              key={String(choice.value)}
              position="relative"
              cursor="pointer"
              px="3"
              py="1.5"
              rounded="md"
              borderWidth="1px"
              fontSize="sm"
              borderColor={checked ? 'brand.600' : 'gray.300'}
              bg={checked ? 'brand.50' : 'white'}
              color={checked ? 'brand.800' : 'gray.800'}
              fontWeight={checked ? 'semibold' : 'normal'}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
            >
              <input
                type="radio"
                name={name}
                checked={checked}
                onChange={() => onChange(choice.value)}
                style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
              />
              {choice.label}
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}

/** Memo: the configurator re-renders with every keystroke in a size field, which changes no choice. */
export const ChoiceGroup = memo(ChoiceGroupOf) as typeof ChoiceGroupOf;

/** A checkbox with its label, for the yes/no options. */
export function OptionCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Flex as="label" align="center" gap="2" fontSize="sm" cursor="pointer" color="gray.800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: 18, height: 18, accentColor: '#25606f' }}
      />
      {label}
    </Flex>
  );
}
