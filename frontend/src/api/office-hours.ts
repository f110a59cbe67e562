import type { OfficeHoursAnswer } from '#domain/opening-hours';
import { apiRequest } from './client';

/** The hours staff saved, as the site lists them. */
export function fetchOfficeHours(): Promise<OfficeHoursAnswer> {
  return apiRequest<OfficeHoursAnswer>('/office-hours');
}
