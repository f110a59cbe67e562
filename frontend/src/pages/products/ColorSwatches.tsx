import { Box, Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Color } from '../../../../domain/catalogue/colors';

/** The series' colours as an accessible radio group: each swatch is named by its colour and code. */
export function ColorSwatches({ id, colors, value, invalid, onChange }: { id: string; colors: readonly Color[]; value: string | null; invalid: boolean; onChange: (code: string) => void }) {
  const name = useId();
  const selected = colors.find((color) => color.code === value);
  return (
    <Box as="fieldset" id={id} minW="0">
      <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
        Color:{' '}
        <Text as="span" fontWeight="normal" color={invalid ? 'red.700' : 'gray.700'}>
          {selected ? `${selected.name} (${selected.code})` : 'choose a color'}
        </Text>
      </Text>
      <Flex wrap="wrap" gap="2">
        {colors.map((color) => {
          const checked = color.code === value;
          return (
            <Box
              as="label"
              key={color.code}
              position="relative"
              cursor="pointer"
              display="flex"
              flexDirection="column"
              alignItems="center"
              w="20"
              p="1.5"
              rounded="md"
              borderWidth="2px"
              borderColor={checked ? 'brand.600' : 'transparent'}
              _hover={{ bg: 'gray.50' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500' }}
            >
              <input type="radio" name={name} checked={checked} onChange={() => onChange(color.code)} style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }} />
              <Box w="10" h="10" rounded="full" bg={color.swatch} borderWidth="1px" borderColor="gray.400" boxShadow="inset 0 -6px 8px rgba(0,0,0,0.08)" />
              <Text fontSize="xs" textAlign="center" mt="1" lineHeight="short" color="gray.800">
                {color.name}
                <Text as="span" display="block" color="gray.600">
                  {color.code}
                </Text>
              </Text>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}
