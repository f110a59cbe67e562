import { Alert, Box, Input, SimpleGrid, chakra } from '@chakra-ui/react';
import { useCallback, useId, type ComponentProps, type ComponentType } from 'react';
import { DEPTH_LIMITS, type FamilyId } from '#domain/catalogue/families';
import type { StandardSizes } from '#domain/catalogue/standard-sizes';
import type { Dimension } from '#domain/pricing/dimensions';
import type { PricingError } from '#domain/pricing/errors';
import { lengthHint, widthHint } from '#domain/pricing/size-advice';
import { DimensionField } from '../../components/form/DimensionField';
import { ChoiceGroup } from './ChoiceGroup';
import { Section } from './ConfiguratorSection';
import { chooseInches, chosenInches, hasDepth, type ConfiguratorForm } from './configurator-form';
import { MeasuringHelper } from './MeasuringHelper';
import { StandardSizeField } from './StandardSizeField';
import type { SwapSizeQuestion as SwapSizeQuestionComponent } from './SwapSizeQuestion';

const MOUNT_CHOICES = [
  { value: 'inside', label: 'Inside mount' },
  { value: 'outside', label: 'Outside mount' },
] as const;
const MEASUREMENT_CHOICES = [
  { value: 'window', label: 'Window' },
  { value: 'blind', label: 'Blind' },
] as const;

/**
 * The configurator's size, depth, mount and measurement. Standard-size families choose from the
 * sizes the grid offers; the others type inches and eighths.
 */
export function DimensionsSection({
  family,
  form,
  update,
  sizes,
  widthId,
  lengthId,
  error,
  shownError,
  SwapSizeQuestion,
}: {
  family: FamilyId;
  form: ConfiguratorForm;
  /** Stable: the fields' handlers are made from it once. */
  update: (change: Partial<ConfiguratorForm>) => void;
  /** The sizes a standard-size family offers (null until the grids load); undefined for the others. */
  sizes: StandardSizes | null | undefined;
  widthId: string;
  lengthId: string;
  /** The form's pricing error. */
  error: PricingError | null;
  /** The error as the customer sees it: a missing size only once they tried to add. */
  shownError: PricingError | null;
  /** Loaded on demand (Configurator): null until wanted. */
  SwapSizeQuestion: ComponentType<ComponentProps<typeof SwapSizeQuestionComponent>> | null;
}) {
  const depthId = useId();
  const standardOnly = sizes !== undefined;
  const invalidEntry = error?.code === 'INVALID_ENTRY' ? error : null;
  const changeWidth = useCallback((widthText: string) => update({ widthText }), [update]);
  const changeWidthEighths = useCallback((widthEighths: number) => update({ widthEighths }), [update]);
  const changeLength = useCallback((lengthText: string) => update({ lengthText }), [update]);
  const changeLengthEighths = useCallback((lengthEighths: number) => update({ lengthEighths }), [update]);
  const chooseMount = useCallback((mount: ConfiguratorForm['mount']) => update({ mount }), [update]);
  const chooseMeasurement = useCallback(
    (measurement: ConfiguratorForm['measurement']) => update({ measurement }),
    [update],
  );
  const useMeasuredSize = useCallback(
    (size: { width: Dimension; length: Dimension }) =>
      update({
        widthText: String(size.width.inches),
        widthEighths: size.width.eighths,
        lengthText: String(size.length.inches),
        lengthEighths: size.length.eighths,
        measurement: 'window',
      }),
    [update],
  );

  return (
    <Section title="Dimensions">
      {standardOnly ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <StandardSizeField
            id={widthId}
            label="Width"
            sizes={sizes?.widths ?? null}
            value={chosenInches(form, 'width')}
            invalid={shownError?.field === 'width'}
            range={widthHint(family, form.mount, form.measurement)}
            onChange={(inches) => update(chooseInches('width', inches))}
          />
          <StandardSizeField
            id={lengthId}
            label="Length"
            sizes={sizes?.lengths ?? null}
            value={chosenInches(form, 'length')}
            invalid={shownError?.field === 'length'}
            onChange={(inches) => update(chooseInches('length', inches))}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <DimensionField
            id={widthId}
            label="Width"
            range={widthHint(family, form.mount, form.measurement)}
            inchesText={form.widthText}
            eighths={form.widthEighths}
            invalid={invalidEntry?.field === 'width' || shownError?.field === 'width'}
            onInchesChange={changeWidth}
            onEighthsChange={changeWidthEighths}
          />
          <DimensionField
            id={lengthId}
            label="Length"
            range={lengthHint(family)}
            inchesText={form.lengthText}
            eighths={form.lengthEighths}
            invalid={invalidEntry?.field === 'length' || shownError?.field === 'length'}
            onInchesChange={changeLength}
            onEighthsChange={changeLengthEighths}
          />
        </SimpleGrid>
      )}
      {invalidEntry && (
        <Alert.Root status="warning" role="alert">
          <Alert.Content>
            <Alert.Title>{invalidEntry.title}</Alert.Title>
            <Alert.Description>{invalidEntry.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {SwapSizeQuestion && <SwapSizeQuestion form={form} update={update} />}
      {hasDepth(family) && (
        <Box maxW={{ sm: '50%' }}>
          <chakra.label htmlFor={depthId} display="block" fontWeight="semibold" fontSize="sm" mb="1.5" color="gray.800">
            Window depth (inches, optional)
          </chakra.label>
          <Input
            id={depthId}
            type="number"
            min={DEPTH_LIMITS.min}
            max={DEPTH_LIMITS.max}
            step={DEPTH_LIMITS.step}
            bg="white"
            value={form.depthText}
            aria-invalid={error?.field === 'depth' || undefined}
            onChange={(event) => update({ depthText: event.target.value })}
          />
        </Box>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <ChoiceGroup legend="Mount" choices={MOUNT_CHOICES} value={form.mount} onChange={chooseMount} />
        <ChoiceGroup
          legend="I measured the"
          choices={MEASUREMENT_CHOICES}
          value={form.measurement}
          onChange={chooseMeasurement}
        />
      </SimpleGrid>
      <MeasuringHelper mount={form.mount} standardSizes={sizes} onUse={useMeasuredSize} />
    </Section>
  );
}
