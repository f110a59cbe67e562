import { SLOT_LABELS } from '#domain/appointments/schedule';
import type { SlotsAnswer } from '../../api/appointments';

/**
 * The seven slots of a chosen day as a time select's options: a slot the day has no place left in is
 * disabled and marked taken. Shared by the booking dialog, the mailed manage page and staff's reschedule.
 */
export function SlotTimeOptions({ day }: { day: SlotsAnswer['days'][number] | undefined }) {
  return SLOT_LABELS.map((label) => {
    const slot = day?.slots.find((candidate) => candidate.time === label);
    const available = Boolean(slot?.available);
    return (
      <option key={label} value={label} disabled={!available}>
        {slot && !available ? `${label} (taken)` : label}
      </option>
    );
  });
}
