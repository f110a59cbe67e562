import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { ROLLER_OPACITIES, type FamilyId } from '#domain/catalogue/families';
import {
  DRAW_DIRECTIONS,
  FASCIA_SIZES,
  VERTICAL_TYPES,
  VERTICAL_TYPE_LABELS,
  WAND_TILTS,
  WAND_TILT_LABELS,
  type ValanceReturn,
} from '#domain/catalogue/options';
import { formatCents } from '#domain/pricing/money';
import { SPLIT_DRAW_CENTS } from '#domain/pricing/rules';
import { ChoiceGroup, OptionCheckbox } from './ChoiceGroup';
import type { ConfiguratorForm } from './configurator-form';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The form's fields the options show. */
const OPTION_FIELDS = [
  'wandTilt',
  'holdDown',
  'spacers',
  'cutOut',
  'opacity',
  'fascia',
  'fasciaSize',
  'valanceReturn',
  'splitDraw',
  'drawDirection',
  'verticalType',
] as const satisfies readonly (keyof ConfiguratorForm)[];

/** The Customization Options of each family. */
function FamilyOptionsOf({
  family,
  series,
  form,
  update,
}: {
  family: FamilyId;
  series: string;
  form: ConfiguratorForm;
  update: (change: Partial<ConfiguratorForm>) => void;
}) {
  const wandTilt = (
    <ChoiceGroup
      legend="Wand tilt"
      choices={WAND_TILTS.map((value) => ({ value, label: WAND_TILT_LABELS[value] }))}
      value={form.wandTilt}
      onChange={(value) => update({ wandTilt: value })}
    />
  );
  const holdDown = (
    <OptionCheckbox label="Hold-down brackets" checked={form.holdDown} onChange={(holdDown) => update({ holdDown })} />
  );

  switch (family) {
    case 'faux-wood-blinds':
    case 'wood-blinds':
      return (
        <Stack gap="3">
          {wandTilt}
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
            {holdDown}
            <OptionCheckbox label="Spacers" checked={form.spacers} onChange={(spacers) => update({ spacers })} />
            <OptionCheckbox label="Cut-out" checked={form.cutOut} onChange={(cutOut) => update({ cutOut })} />
          </SimpleGrid>
        </Stack>
      );
    case 'mini-blinds':
      return (
        <Stack gap="3">
          {wandTilt}
          {holdDown}
        </Stack>
      );
    case 'roller-shades':
      return (
        <Stack gap="3">
          {series === 'blackout' ? (
            <Text fontSize="sm" color="gray.700">
              Blackout fabric blocks the light fully.
            </Text>
          ) : (
            <ChoiceGroup
              legend="Opacity"
              choices={ROLLER_OPACITIES.map((value) => ({ value, label: `${value}%` }))}
              value={form.opacity}
              onChange={(opacity) => update({ opacity })}
            />
          )}
          <OptionCheckbox
            label="Add a fascia (priced by width)"
            checked={form.fascia}
            onChange={(fascia) => update({ fascia })}
          />
          {form.fascia && (
            <ChoiceGroup
              legend="Fascia size"
              choices={FASCIA_SIZES.map((value) => ({ value, label: `${value}"` }))}
              value={form.fasciaSize}
              onChange={(fasciaSize) => update({ fasciaSize })}
            />
          )}
        </Stack>
      );
    case 'vertical-blinds':
      return (
        <Stack gap="3">
          <ChoiceGroup
            legend="Vane type"
            choices={VERTICAL_TYPES.map((value) => ({ value, label: VERTICAL_TYPE_LABELS[value] }))}
            value={form.verticalType}
            onChange={(verticalType) => update({ verticalType })}
          />
          <ChoiceGroup
            legend="Draw direction"
            choices={DRAW_DIRECTIONS.map((value) => ({ value, label: capitalized(value) }))}
            value={form.drawDirection}
            onChange={(drawDirection) => update({ drawDirection })}
          />
          <ChoiceGroup<ValanceReturn | 'auto'>
            legend="Valance return"
            choices={[
              { value: 'auto', label: 'To suit the mount' },
              { value: 'standard', label: 'Standard 5"' },
              { value: 'small', label: 'Small 1"' },
            ]}
            value={form.valanceReturn ?? 'auto'}
            onChange={(value) => update({ valanceReturn: value === 'auto' ? null : value })}
          />
          <OptionCheckbox
            label={`Split draw (+${formatCents(SPLIT_DRAW_CENTS)} per blind)`}
            checked={form.splitDraw}
            onChange={(splitDraw) => update({ splitDraw })}
          />
        </Stack>
      );
  }
}

/** Re-rendered only when an option changes: a keystroke in a size field changes the form, not them. */
export const FamilyOptions = memo(
  FamilyOptionsOf,
  (before, after) =>
    before.family === after.family &&
    before.series === after.series &&
    before.update === after.update &&
    OPTION_FIELDS.every((field) => before.form[field] === after.form[field]),
);
