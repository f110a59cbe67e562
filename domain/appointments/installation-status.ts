/**
 * A visit's states (installation.ts has their lifecycle), apart so the installation events'
 * contracts (events/appointments.ts), which every publishing function bundles, carry no calendar.
 */
export const INSTALLATION_STATUSES = ['unscheduled', 'scheduled', 'completed', 'no-show', 'cancelled'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];
