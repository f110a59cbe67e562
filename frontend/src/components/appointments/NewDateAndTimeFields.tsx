import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { SlotsAnswer } from '../../api/appointments';
import { SlotTimeOptions } from './SlotTimeOptions';

/**
 * A booked visit's new date and time: another date clears the time chosen, and the time offers that
 * date's slots. Shared by the mailed manage page and staff's reschedule (`sm`: inside a card).
 */
export function NewDateAndTimeFields({
  slots,
  date,
  time,
  onChange,
  size,
}: {
  slots: SlotsAnswer | null;
  date: string;
  time: string;
  onChange: (choice: { date: string; time: string }) => void;
  size?: 'sm';
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={size === 'sm' ? '3' : '4'}>
      <Field.Root required>
        <Field.Label>New date</Field.Label>
        <Input
          name="date"
          type="date"
          size={size}
          min={slots?.first}
          max={slots?.last}
          value={date}
          onChange={(event) => onChange({ date: event.target.value, time: '' })}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>New time</Field.Label>
        <NativeSelect.Root size={size}>
          <NativeSelect.Field
            name="time"
            value={time}
            onChange={(event) => onChange({ date, time: event.target.value })}
            placeholder="Choose a time"
          >
            <SlotTimeOptions day={slots?.days.find((candidate) => candidate.date === date)} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </SimpleGrid>
  );
}
