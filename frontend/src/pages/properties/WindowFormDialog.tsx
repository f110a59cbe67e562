import { Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { propertyWindowFormSchema } from '../../../../domain/properties/property';
import { ApiError } from '../../api/client';
import { saveWindow, type PropertyWindow, type Room } from '../../api/properties';
import { toaster } from '../../components/layout/Toaster';
import { FormField, parseFormValues } from '../../components/form/FormField';
import { FormDialog } from '../../components/dialog/FormDialog';

const MEASURES = [
  ['widthTop', 'Width at the top'],
  ['widthMiddle', 'Width in the middle'],
  ['widthBottom', 'Width at the bottom'],
  ['height', 'Height'],
] as const;
type Measure = (typeof MEASURES)[number][0];

type WindowForm = { roomName: string; label: string } & Record<Measure, string>;

function formOf(window: PropertyWindow | null, roomName: string): WindowForm {
  if (!window) return { roomName, label: '', widthTop: '', widthMiddle: '', widthBottom: '', height: '' };
  return { ...window, widthTop: String(window.widthTop), widthMiddle: String(window.widthMiddle), widthBottom: String(window.widthBottom), height: String(window.height) };
}

/** Adds or edits a measured window: its room, an optional label, three widths and the height, in inches. */
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

  const set = (field: keyof WindowForm, value: string) => setValues((current) => ({ ...current, [field]: value }));

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
      toaster.create({ type: 'error', title: failure instanceof Error ? failure.message : 'Could not save the window.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog open onClose={onClose} title={window ? 'Edit Window' : 'Add Window'} formId={`${idPrefix}-form`} saving={saving} onSubmit={submit}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField id={`${idPrefix}-roomName`} name="roomName" label="Room" error={errors.roomName}>
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field {...control} value={values.roomName} onChange={(event) => set('roomName', event.target.value)}>
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
          {(control) => <Input {...control} value={values.label} onChange={(event) => set('label', event.target.value)} />}
        </FormField>
      </SimpleGrid>
      <Text fontSize="sm" color="gray.700">
        Inches, to the nearest 1/8 (35.375 is 35 3/8). Measure the width at the top, middle and bottom: a frame is rarely square.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {MEASURES.map(([field, label]) => (
          <FormField key={field} id={`${idPrefix}-${field}`} name={field} label={`${label} (in)`} error={errors[field]} required>
            {(control) => <Input {...control} inputMode="decimal" value={values[field]} onChange={(event) => set(field, event.target.value)} />}
          </FormField>
        ))}
      </SimpleGrid>
    </FormDialog>
  );
}
