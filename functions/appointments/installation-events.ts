import type { z } from 'zod';
import type { Installation } from '#domain/appointments/installation';
import type { InstallationCompleted } from '#events/appointments';

type InstallationDetail = Omit<z.infer<(typeof InstallationCompleted)['detail']>, 'staffId' | 'completedAt'>;

/** The visit as the installation events carry it (events/appointments.ts). */
export function installationDetail(installation: Installation): InstallationDetail {
  return {
    orderId: installation.orderId,
    orderNumber: installation.orderNumber,
    installationVersion: installation.version,
    status: installation.status,
    date: installation.date,
    window: installation.window,
    startsAt: installation.startsAt,
    blindCount: installation.blindCount,
    options: installation.options,
    contact: installation.contact,
    clientId: installation.clientId,
  };
}
