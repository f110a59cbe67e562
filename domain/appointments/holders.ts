/**
 * Who holds the measurement calendar's places (security review issue 24, finding 7): how many open
 * appointments one e-mail address, one phone number and one client address may have at once, and
 * when a day filled too fast to be people booking. Pure: the store keeps each holder's open
 * appointments in the booking's transaction (functions/appointments/appointment-store.ts);
 * docs/decisions/0034-per-client-limits.md says why.
 */
import { clientAddressKey, recipientKey } from '../rate-limits';

export const HOLDER_KINDS = ['email', 'phone', 'clientAddress'] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];

/** One holder of appointments: its kind and its value, written one way however it was typed. */
export interface AppointmentHolder {
  kind: HolderKind;
  subject: string;
}

/**
 * Open appointments (scheduled, on today or a later date) each holder may have at once: a household
 * books one visit, perhaps two; a client address (an office, a family's network) a few more.
 */
export const OPEN_APPOINTMENTS_PER_HOLDER: Record<HolderKind, number> = { email: 2, phone: 2, clientAddress: 5 };

/** A phone number as its digits, a US number without its country code. */
export function phoneSubject(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The holders a booking counts against: its e-mail, its phone and the address it came from (IPv4, or an IPv6 /64). */
export function bookingHolders(email: string, phone: string, clientAddress: string): AppointmentHolder[] {
  return [
    { kind: 'email', subject: recipientKey(email) },
    { kind: 'phone', subject: phoneSubject(phone) },
    { kind: 'clientAddress', subject: clientAddressKey(clientAddress) },
  ];
}

/**
 * A holder's appointments (id → date) still open on `today`, a date in the shop's zone: one on an
 * earlier date is over, whether or not staff marked it completed.
 */
export function openOn(appointments: Record<string, string>, today: string): Record<string, string> {
  return Object.fromEntries(Object.entries(appointments).filter(([, date]) => date >= today));
}

/** Why a booking is refused when a holder has its limit, and the form's field it is about (none for the client address). */
export function holderLimitRefusal(
  kind: HolderKind,
  phoneDisplay: string,
): { message: string; field?: 'email' | 'phone' } {
  const limit = OPEN_APPOINTMENTS_PER_HOLDER[kind];
  const change = `To change one, use the link in its confirmation e-mail, or call us at ${phoneDisplay}.`;
  switch (kind) {
    case 'email':
      return { message: `This e-mail address already has ${limit} measurements booked. ${change}`, field: 'email' };
    case 'phone':
      return { message: `This phone number already has ${limit} measurements booked. ${change}`, field: 'phone' };
    case 'clientAddress':
      return {
        message: `${limit} measurements are already booked from your network. Please call us at ${phoneDisplay} and we will book yours.`,
      };
  }
}

/** A day whose places all went within this long filled faster than people book: staff are told. */
export const FAST_FILL_MINUTES = 60;

/**
 * Whether a full day filled unusually fast: `placesTakenAt` are the instants its scheduled
 * appointments took their places (booked there or moved there), the last within an hour of the first.
 */
export function filledFast(placesTakenAt: string[]): boolean {
  if (placesTakenAt.length === 0) return false;
  const instants = placesTakenAt.map((at) => Date.parse(at));
  return Math.max(...instants) - Math.min(...instants) <= FAST_FILL_MINUTES * 60_000;
}
