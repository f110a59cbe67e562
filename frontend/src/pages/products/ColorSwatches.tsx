import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { memo, useId, useState } from 'react';
import type { Color } from '#domain/catalogue/colors';
import type { FamilyId } from '#domain/catalogue/families';
import { MaterialSwatch } from '../../components/illustration/BlindIllustration';
import { colorMaterial } from '../../components/illustration/blind-look';
import { toaster } from '../../components/layout/toast-queue';

/**
 * Adds the selected colour's free sample to the session's sample cart, with the spec's toasts. The
 * sample cart's client comes with the first press, not with the product page's first load.
 */
function OrderSampleButton({ family, color }: { family: FamilyId; color: Color | undefined }) {
  const [adding, setAdding] = useState(false);
  async function order(selected: Color) {
    setAdding(true);
    const loaded = await Promise.all([import('../../api/samples'), import('#domain/samples/messages')]).catch(
      () => undefined,
    );
    if (!loaded) {
      setAdding(false);
      toaster.create({ type: 'error', title: 'Failed to add sample to cart' });
      return;
    }
    const [{ addSample }, { SAMPLE_MESSAGES }] = loaded;
    const result = await addSample(family, selected.code);
    setAdding(false);
    if (result.kind === 'added')
      toaster.create({ type: 'success', title: `${selected.name} sample added to your cart` });
    else if (result.kind === 'refused')
      toaster.create({ type: result.message === SAMPLE_MESSAGES.duplicate ? 'info' : 'error', title: result.message });
    else toaster.create({ type: 'error', title: 'Failed to add sample to cart' });
  }
  return (
    <Button
      mt="3"
      size="sm"
      variant="outline"
      colorPalette="brand"
      disabled={!color || adding}
      loading={adding}
      loadingText="Adding sample..."
      aria-label={
        color ? `Order free sample of ${color.name} (${color.code})` : 'Order free sample (choose a color first)'
      }
      onClick={() => color && order(color)}
    >
      Order free sample
    </Button>
  );
}

/**
 * One colour of the group. Memoised, so a choice re-renders the two swatches whose check changed, not
 * every swatch of the series: about 20 Chakra boxes and pictures each, which kept the tap from painting.
 */
const Swatch = memo(function Swatch({
  name,
  family,
  color,
  checked,
  onChange,
}: {
  name: string;
  family: FamilyId;
  color: Color;
  checked: boolean;
  onChange: (code: string) => void;
}) {
  return (
    <Box
      as="label"
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
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={() => onChange(color.code)}
        style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
      />
      <Box w="10" h="10">
        <MaterialSwatch material={colorMaterial(family, color.code)} swatch={color.swatch} />
      </Box>
      <Text fontSize="xs" textAlign="center" mt="1" lineHeight="short" color="gray.800">
        {color.name}
        <Text as="span" display="block" color="gray.600">
          {color.code}
        </Text>
      </Text>
    </Box>
  );
});

/** The series' colours as an accessible radio group: each swatch is named by its colour and code. */
export const ColorSwatches = memo(function ColorSwatches({
  id,
  family,
  colors,
  value,
  invalid,
  onChange,
}: {
  id: string;
  family: FamilyId;
  colors: readonly Color[];
  value: string | null;
  invalid: boolean;
  onChange: (code: string) => void;
}) {
  const name = useId();
  const selected = colors.find((color) => color.code === value);
  return (
    <Box>
      <Box as="fieldset" id={id} minW="0">
        <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
          Color:{' '}
          <Text as="span" fontWeight="normal" color={invalid ? 'red.700' : 'gray.700'}>
            {selected ? `${selected.name} (${selected.code})` : 'choose a color'}
          </Text>
        </Text>
        <Flex wrap="wrap" gap="2">
          {colors.map((color) => (
            <Swatch
              key={color.code}
              name={name}
              family={family}
              color={color}
              checked={color.code === value}
              onChange={onChange}
            />
          ))}
        </Flex>
      </Box>
      <OrderSampleButton family={family} color={selected} />
    </Box>
  );
});
