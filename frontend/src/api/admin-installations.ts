/** The admin Installations tab: the crews' calendar, moving a visit, how it went, and the crews on duty (functions/appointments/admin-installations.ts). */
import type {
  AdminInstallationTransition,
  AdminInstallationsAnswer,
  Installation,
  InstallationSlotsAnswer,
} from '#domain/appointments/installation';
import type { InstallationVisit } from '#domain/appointments/installation-choices';
import { apiRequest } from './client';

export type InstallationRange = 1 | 7 | 14;

/** The range from `from` (today in the shop's zone when not given) for `days` days. */
export function fetchAdminInstallations(
  from: string | undefined,
  days: InstallationRange,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminInstallationsAnswer> {
  const query = new URLSearchParams({ days: String(days), ...(from && { from }) });
  return apiRequest<AdminInstallationsAnswer>(`/admin/installations?${query}`, { auth: true, signal });
}

/** The windows a visit for blinds delivered by `deliveredBy` may be booked in, each free or taken. */
export function fetchInstallationSlots(
  deliveredBy: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstallationSlotsAnswer> {
  const query = deliveredBy ? `?deliveredBy=${deliveredBy}` : '';
  return apiRequest<InstallationSlotsAnswer>(`/installations/slots${query}`, { signal });
}

/** Staff move a visit to a free window (or give it one); the customer is mailed. */
export function rescheduleInstallation(orderId: string, visit: InstallationVisit): Promise<Installation> {
  return apiRequest<Installation>(`/admin/installations/${encodeURIComponent(orderId)}/reschedule`, {
    method: 'POST',
    body: visit,
    auth: true,
  });
}

/** How the scheduled visit went: completed (the order becomes installed) or no-show; or staff cancel it (the customer is mailed). */
export function setInstallationStatus(orderId: string, transition: AdminInstallationTransition): Promise<Installation> {
  return apiRequest<Installation>(`/admin/installations/${encodeURIComponent(orderId)}/status`, {
    method: 'POST',
    body: { transition },
    auth: true,
  });
}

export function setInstallationCrews(date: string, crews: number): Promise<{ date: string; crews: number }> {
  return apiRequest(`/admin/installation-crews/${date}`, { method: 'PUT', body: { crews }, auth: true });
}
