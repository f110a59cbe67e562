import { Box, Button, Flex, Input, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { EIGHTHS_OPTIONS, parseWholeInches, type Dimension } from '../../../../domain/pricing/dimensions';
import { sizeToOrder, type SizeToOrder } from '../../../../domain/pricing/measuring';

interface Measure {
  text: string;
  eighths: number;
}

const WIDTH_PLACES = ['top', 'middle', 'bottom'] as const;
const HEIGHT_PLACES = ['left', 'centre', 'right'] as const;
const EMPTY: Measure = { text: '', eighths: 0 };

function MeasureInput({ label, measure, onChange }: { label: string; measure: Measure; onChange: (measure: Measure) => void }) {
  const id = useId();
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontSize="sm" mb="1" color="gray.800">
        {label}
      </chakra.label>
      <Flex gap="1.5">
        <Input id={id} inputMode="numeric" autoComplete="off" size="sm" bg="white" minW="0" value={measure.text} onChange={(event) => onChange({ ...measure, text: event.target.value })} />
        <NativeSelect.Root size="sm" width="20" flexShrink={0}>
          <NativeSelect.Field aria-label={`${label}, eighths of an inch`} bg="white" value={measure.eighths} onChange={(event) => onChange({ ...measure, eighths: Number(event.target.value) })}>
            {EIGHTHS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
    </Box>
  );
}

function readMeasures(measures: readonly Measure[]): Dimension[] | null {
  const dimensions: Dimension[] = [];
  for (const measure of measures) {
    const inches = parseWholeInches(measure.text.trim(), 'width');
    if (!inches.ok || inches.value === null) return null;
    dimensions.push({ inches: inches.value, eighths: measure.eighths });
  }
  return dimensions;
}

/**
 * Three widths and three heights of the window to the size to order: the smallest width and the
 * largest height, entered in the configurator as a Window measurement so the deduction applies.
 */
export function MeasuringHelper({ mount, onUse }: { mount: 'inside' | 'outside'; onUse: (size: SizeToOrder) => void }) {
  const [open, setOpen] = useState(false);
  const [widths, setWidths] = useState<Measure[]>(WIDTH_PLACES.map(() => EMPTY));
  const [heights, setHeights] = useState<Measure[]>(HEIGHT_PLACES.map(() => EMPTY));
  const [result, setResult] = useState<SizeToOrder | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const panelId = useId();

  const calculate = () => {
    const w = readMeasures(widths);
    const h = readMeasures(heights);
    if (!w || !h) {
      setResult(null);
      setProblem('Enter all six measurements in whole inches, with any fraction from the dropdowns.');
      return;
    }
    const size = sizeToOrder({ widths: w, heights: h, mount });
    setProblem(null);
    setResult(size);
    onUse(size);
  };

  const set = (list: Measure[], index: number, measure: Measure) => list.map((item, n) => (n === index ? measure : item));

  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" bg="gray.50">
      <Button variant="ghost" w="full" justifyContent="space-between" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Measuring helper: find your size to order
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </Button>
      {open && (
        <Stack id={panelId} gap="3" p="4" pt="1">
          <Text fontSize="sm" color="gray.700">
            Windows are rarely square. Measure the width in three places and the height in three places.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Stack gap="2">
              {WIDTH_PLACES.map((place, index) => (
                <MeasureInput key={place} label={`Width at ${place}`} measure={widths[index]!} onChange={(measure) => setWidths(set(widths, index, measure))} />
              ))}
            </Stack>
            <Stack gap="2">
              {HEIGHT_PLACES.map((place, index) => (
                <MeasureInput key={place} label={`Height at ${place}`} measure={heights[index]!} onChange={(measure) => setHeights(set(heights, index, measure))} />
              ))}
            </Stack>
          </SimpleGrid>
          <Button colorPalette="brand" variant="outline" alignSelf="flex-start" onClick={calculate}>
            Use my measurements
          </Button>
          <Box aria-live="polite">
            {problem && (
              <Text fontSize="sm" color="red.700">
                {problem}
              </Text>
            )}
            {result && (
              <Text fontSize="sm" color="gray.800" data-testid="size-to-order">
                {result.explanation} We filled this size in above.
              </Text>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
