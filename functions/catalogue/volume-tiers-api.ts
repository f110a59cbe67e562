/** GET /api/volume-tiers: the volume table in effect and those scheduled, for every page that states the tiers. */
import { shopDateAt } from '#domain/appointments/schedule';
import { volumeTables } from '#domain/pricing/volume-tables';
import { httpHandler, json } from '../lib/http';
import { listVolumeTables } from './volume-table-store';

export const getVolumeTiers = httpHandler(async () =>
  json(200, volumeTables(await listVolumeTables(), shopDateAt(new Date()))),
);
