import * as z from 'zod';
import { queryWholeNumber } from '../number-text';
import type { ClientProfile } from './client';

/** What staff see of a client in the Customers tab. */
export type ClientSummary = Pick<
  ClientProfile,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'accountType' | 'createdAt'
>;

/** A sales lead, upserted on the e-mail at sign-up. */
export interface ClientLead {
  name: string;
  email: string;
  phone: string | null;
  address: string;
  zipCode: string;
  date: string;
  time: string;
  updatedAt: string;
}

export const DIRECTORY_PAGE_SIZE = 50;
export const DIRECTORY_MAX_PAGE_SIZE = 100;

const PAGE_SIZE_MESSAGE = `The page size must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}.`;

/** The query string of GET /api/admin/clients and /api/admin/leads: the cursor of the previous page's answer, and a page size in decimal digits. */
export const directoryPageQuerySchema = z.object({
  cursor: z.string().min(1).max(2048).optional(),
  limit: queryWholeNumber
    .pipe(
      z
        .number({ error: PAGE_SIZE_MESSAGE })
        .int(PAGE_SIZE_MESSAGE)
        .min(1, PAGE_SIZE_MESSAGE)
        .max(DIRECTORY_MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE),
    )
    .default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryPageQuery = z.infer<typeof directoryPageQuerySchema>;

/** `nextCursor` is null on the last page. */
export interface ClientsPage {
  clients: ClientSummary[];
  nextCursor: string | null;
}

export interface LeadsPage {
  leads: ClientLead[];
  nextCursor: string | null;
}
