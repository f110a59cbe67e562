import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useId, useState } from 'react';
import {
  smallestStandardSizeFitting,
  standardSizeDimension,
  type StandardSizes,
} from '#domain/catalogue/standard-sizes';
import { parseWholeInches, toInches, type Dimension } from '#domain/pricing/dimensions';
import { formatDimension, sizeToOrder } from '#domain/pricing/measuring';
import { DimensionField } from '../../components/form/DimensionField';

interface Measure {
  text: string;
  eighths: number;
}

const WIDTH_PLACES = ['top', 'middle', 'bottom'] as const;
const HEIGHT_PLACES = ['left', 'centre', 'right'] as const;
const EMPTY: Measure = { text: '', eighths: 0 };

function MeasureInput({
  label,
  measure,
  onChange,
}: {
  label: string;
  measure: Measure;
  onChange: (measure: Measure) => void;
}) {
  const id = useId();
  return (
    <DimensionField
      id={id}
      label={label}
      size="sm"
      inchesText={measure.text}
      eighths={measure.eighths}
      invalid={false}
      onInchesChange={(text) => onChange({ ...measure, text })}
      onEighthsChange={(eighths) => onChange({ ...measure, eighths })}
    />
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

const sizeText = (width: number, length: number): string =>
  `${formatDimension(standardSizeDimension(width))} x ${formatDimension(standardSizeDimension(length))}`;

/**
 * Three widths and three heights of the window to the size to order: the smallest width and the
 * largest height, entered in the configurator as a Window measurement so the deduction applies.
 * A standard-size family gets the smallest standard size at least as large as the blind made.
 */
export const MeasuringHelper = memo(function MeasuringHelper({
  mount,
  standardSizes,
  onUse,
}: {
  mount: 'inside' | 'outside';
  /** For a standard-size family, the sizes the grid offers (null while the grids load); absent for made-to-measure families. */
  standardSizes?: StandardSizes | null;
  onUse: (size: { width: Dimension; length: Dimension }) => void;
}) {
  const [open, setOpen] = useState(false);
  const [widths, setWidths] = useState<Measure[]>(WIDTH_PLACES.map(() => EMPTY));
  const [heights, setHeights] = useState<Measure[]>(HEIGHT_PLACES.map(() => EMPTY));
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const panelId = useId();

  const report = (outcome: { result: string } | { problem: string }) => {
    setResult('result' in outcome ? outcome.result : null);
    setProblem('problem' in outcome ? outcome.problem : null);
  };

  const calculate = () => {
    const w = readMeasures(widths);
    const h = readMeasures(heights);
    if (!w || !h)
      return report({ problem: 'Enter all six measurements in whole inches, with any fraction from the dropdowns.' });
    const size = sizeToOrder({ widths: w, heights: h, mount });
    if (standardSizes === undefined) {
      report({ result: `${size.explanation} We filled this size in above.` });
      return onUse(size);
    }
    if (standardSizes === null)
      return report({ problem: 'The standard sizes are still loading. Please try again in a moment.' });
    const fitting = smallestStandardSizeFitting(standardSizes, size.madeWidthInches, toInches(size.length));
    if (!fitting) {
      const largest = sizeText(standardSizes.widths.at(-1) ?? 0, standardSizes.lengths.at(-1) ?? 0);
      return report({
        problem: `${size.explanation} No standard size is that large (the largest is ${largest}): book a free consultation and we will advise.`,
      });
    }
    report({
      result: `${size.explanation} This blind comes in standard sizes only: the smallest that fits is ${sizeText(fitting.width, fitting.length)}, which we selected above.`,
    });
    onUse({ width: standardSizeDimension(fitting.width), length: standardSizeDimension(fitting.length) });
  };

  const set = (list: Measure[], index: number, measure: Measure) =>
    list.map((item, n) => (n === index ? measure : item));

  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" bg="gray.50">
      <Button
        variant="ghost"
        w="full"
        justifyContent="space-between"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
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
                <MeasureInput
                  key={place}
                  label={`Width at ${place}`}
                  measure={widths[index]!}
                  onChange={(measure) => setWidths(set(widths, index, measure))}
                />
              ))}
            </Stack>
            <Stack gap="2">
              {HEIGHT_PLACES.map((place, index) => (
                <MeasureInput
                  key={place}
                  label={`Height at ${place}`}
                  measure={heights[index]!}
                  onChange={(measure) => setHeights(set(heights, index, measure))}
                />
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
                {result}
              </Text>
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
});
