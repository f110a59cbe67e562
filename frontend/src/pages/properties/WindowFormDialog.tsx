import { Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { standardSizeDimension } from '#domain/catalogue/standard-sizes';
import { propertyWindowFormSchema, type WindowProduct } from '#domain/properties/property';
import { ApiError } from '../../api/client';
import { saveWindow, type PropertyWindow, type Room } from '../../api/properties';
import { toaster } from '../../components/layout/toast-queue';
import { DimensionField } from '../../components/form/DimensionField';
import { FormField, parseFormValues } from '../../components/form/FormField';
import { FormDialog } from '../../components/dialog/FormDialog';

const MEASURES = [
  ['widthTop', 'Width at the top'],
  ['widthMiddle', 'Width in the middle'],
  ['widthBottom', 'Width at the bottom'],
  ['height', 'Height'],
] as const;
type Measure = (typeof MEASURES)[number][0];

/** A measurement as the size input holds it: whole inches typed, eighths chosen. */
interface TypedMeasure {
  inches: string;
  eighths: number;
}

/** The product a schedule named is kept as it is: the form does not change it. */
type WindowForm = {
  building: string;
  unit: string;
  roomName: string;
  label: string;
  product: WindowProduct | null;
} & Record<Measure, TypedMeasure>;

const EMPTY: TypedMeasure = { inches: '', eighths: 0 };

function typed(inches: number): TypedMeasure {
  const dimension = standardSizeDimension(inches);
  return { inches: String(dimension.inches), eighths: dimension.eighths };
}

function formOf(window: PropertyWindow | null, roomName: string): WindowForm {
  if (!window)
    return {
      building: '',
      unit: '',
      roomName,
      label: '',
      product: null,
      widthTop: EMPTY,
      widthMiddle: EMPTY,
      widthBottom: EMPTY,
      height: EMPTY,
    };
  return {
    building: window.building ?? '',
    unit: window.unit ?? '',
    product: window.product ?? null,
    roomName: window.roomName,
    label: window.label,
    widthTop: typed(window.widthTop),
    widthMiddle: typed(window.widthMiddle),
    widthBottom: typed(window.widthBottom),
    height: typed(window.height),
  };
}

/** Adds or edits a measured window: its building, unit and room, an optional label, three widths and the height, in inches and eighths. */
export function WindowFormDialog({
  propertyId,
  rooms,
  window,
  defaultRoom,
  onClose,
  onSaved,
}: {
  propertyId: string;
  rooms: Room[];
  window: PropertyWindow | null;
  defaultRoom: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<WindowForm>(() => formOf(window, defaultRoom));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const idPrefix = `window-${window?.id ?? 'new'}`;
  const roomNames = [...new Set([...rooms.map((room) => room.name), ...(values.roomName ? [values.roomName] : [])])];

  const set = <Field extends keyof WindowForm>(field: Field, value: WindowForm[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = parseFormValues(propertyWindowFormSchema, values, setErrors);
    if (data === null) return;
    setSaving(true);
    try {
      await saveWindow(propertyId, window?.id ?? null, data);
      toaster.create({ type: 'success', title: window ? 'Window updated.' : 'Window added.' });
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fieldErrors);
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Could not save the window.',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title={window ? 'Edit Window' : 'Add Window'}
      formId={`${idPrefix}-form`}
      saving={saving}
      onSubmit={submit}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField id={`${idPrefix}-building`} name="building" label="Building (optional)" error={errors.building}>
          {(control) => (
            <Input {...control} value={values.building} onChange={(event) => set('building', event.target.value)} />
          )}
        </FormField>
        <FormField id={`${idPrefix}-unit`} name="unit" label="Unit (optional)" error={errors.unit}>
          {(control) => (
            <Input {...control} value={values.unit} onChange={(event) => set('unit', event.target.value)} />
          )}
        </FormField>
        <FormField id={`${idPrefix}-roomName`} name="roomName" label="Room" error={errors.roomName}>
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                value={values.roomName}
                onChange={(event) => set('roomName', event.target.value)}
              >
                <option value="">No room</option>
                {roomNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
        <FormField id={`${idPrefix}-label`} name="label" label="Window label (optional)" error={errors.label}>
          {(control) => (
            <Input {...control} value={values.label} onChange={(event) => set('label', event.target.value)} />
          )}
        </FormField>
      </SimpleGrid>
      <Text fontSize="sm" color="gray.700">
        Whole inches, and the fraction to the nearest 1/8 from the list beside them. Measure the width at the top,
        middle and bottom: a frame is rarely square.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {MEASURES.map(([field, label]) => (
          <DimensionField
            key={field}
            id={`${idPrefix}-${field}`}
            name={field}
            label={label}
            error={errors[field]}
            required
            inchesText={values[field].inches}
            eighths={values[field].eighths}
            invalid={Boolean(errors[field])}
            onInchesChange={(inches) => set(field, { ...values[field], inches })}
            onEighthsChange={(eighths) => set(field, { ...values[field], eighths })}
          />
        ))}
      </SimpleGrid>
    </FormDialog>
  );
}
