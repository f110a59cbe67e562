/** Measurement booking, the mailed link's page and the admin Appointments tab (routes in functions/routes.ts). */
import type {
  AdminAppointment,
  Appointment,
  AdminAppointmentsAnswer,
  BookingAnswer,
  ManagedAppointment,
  MeasurementBooking,
  SlotsAnswer,
} from '#domain/appointments/appointment';
import type { InstallationSlotsAnswer, ManagedInstallation } from '#domain/appointments/installation';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import type { SlotLabel } from '#domain/appointments/schedule';
import { apiRequest } from './client';

export type { AdminAppointment, AdminAppointmentsAnswer, BookingAnswer, ManagedAppointment, SlotsAnswer };

export function fetchSlots(options: { signal?: AbortSignal } = {}): Promise<SlotsAnswer> {
  return apiRequest<SlotsAnswer>('/appointments/slots', { signal: options.signal });
}

/** A guest's or a signed-in client's booking: the token goes along when there is one. */
export function bookMeasurement(booking: MeasurementBooking): Promise<BookingAnswer> {
  return apiRequest<BookingAnswer>('/appointments', { method: 'POST', body: booking, auth: true });
}

const tokenPath = (token: string) => `/appointments/by-token/${encodeURIComponent(token)}`;

export function fetchManagedAppointment(token: string): Promise<ManagedAppointment> {
  return apiRequest<ManagedAppointment>(tokenPath(token));
}

export function rescheduleByToken(token: string, date: string, time: SlotLabel): Promise<ManagedAppointment> {
  return apiRequest<ManagedAppointment>(`${tokenPath(token)}/reschedule`, { method: 'POST', body: { date, time } });
}

export function cancelByToken(token: string): Promise<ManagedAppointment> {
  return apiRequest<ManagedAppointment>(`${tokenPath(token)}/cancel`, { method: 'POST' });
}

export function fetchAdminAppointments(
  from: string | undefined,
  days: 1 | 7,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminAppointmentsAnswer> {
  const query = new URLSearchParams({ days: String(days), ...(from && { from }) });
  return apiRequest<AdminAppointmentsAnswer>(`/admin/appointments?${query}`, { auth: true, signal });
}

export function setAppointmentStatus(
  appointmentId: string,
  transition: 'complete' | 'markNoShow',
): Promise<AdminAppointment> {
  return apiRequest<AdminAppointment>(`/admin/appointments/${encodeURIComponent(appointmentId)}/status`, {
    method: 'POST',
    body: { transition },
    auth: true,
  });
}

/** Staff move a visit to a free slot; the customer is mailed the new time. */
export function rescheduleAppointment(appointmentId: string, date: string, time: SlotLabel): Promise<Appointment> {
  return apiRequest<Appointment>(`/admin/appointments/${encodeURIComponent(appointmentId)}/reschedule`, {
    method: 'POST',
    body: { date, time },
    auth: true,
  });
}

export function cancelAppointment(appointmentId: string): Promise<AdminAppointment> {
  return apiRequest<AdminAppointment>(`/admin/appointments/${encodeURIComponent(appointmentId)}/cancel`, {
    method: 'POST',
    auth: true,
  });
}

export function setDayCapacity(date: string, capacity: number): Promise<{ date: string; capacity: number }> {
  return apiRequest(`/admin/appointment-capacity/${date}`, { method: 'PUT', body: { capacity }, auth: true });
}

/** The installation windows checkout offers for blinds delivered by `deliveredBy`: each date after it, each window free or taken. */
export function fetchInstallationSlots(
  deliveredBy: string,
  options: { signal?: AbortSignal } = {},
): Promise<InstallationSlotsAnswer> {
  return apiRequest<InstallationSlotsAnswer>(`/installations/slots?deliveredBy=${encodeURIComponent(deliveredBy)}`, {
    signal: options.signal,
  });
}

const installationTokenPath = (token: string) => `/installations/by-token/${encodeURIComponent(token)}`;

/** The order mail's link: the installation visit as it is now, and the windows it may be booked in. */
export function fetchManagedInstallation(
  token: string,
): Promise<{ installation: ManagedInstallation; slots: InstallationSlotsAnswer }> {
  return apiRequest(installationTokenPath(token));
}

/** Books the visit in a window, or moves it there (the old window is freed at once). */
export function bookInstallationByToken(
  token: string,
  date: string,
  window: InstallationWindow,
): Promise<ManagedInstallation> {
  return apiRequest<ManagedInstallation>(`${installationTokenPath(token)}/visit`, {
    method: 'POST',
    body: { date, window },
  });
}

export function cancelInstallationByToken(token: string): Promise<ManagedInstallation> {
  return apiRequest<ManagedInstallation>(`${installationTokenPath(token)}/cancel`, { method: 'POST' });
}
