/**
 * Property schedules (issue 28) through the local gateway: p50/p99 of importing a 2,000-row window
 * schedule, of ordering 1,000 windows into the cart (as the page does, in requests of
 * WINDOW_ORDER_CHUNK, and as one request) and of reading the 1,000-line cart that makes. Each order
 * needs a customer of its own with an empty cart and an imported property: a few runs, after one untimed.
 */
import { inChunks, WINDOW_ORDER_CHUNK } from '#domain/properties/window-order';
import type { LocalStack } from '../infra/local/stack';
import { scheduleCsv } from '../tests/support/property-schedule';
import { call, newShopper, type Shopper } from './checkout';
import { formatLatency, measureLatency } from './latency';

const IMPORT_ROWS = 2000;
const ORDER_WINDOWS = 1000;
const ORDER_WARM_UP = 1;
const ORDER_RUNS = 4;

const PROPERTY = {
  name: 'Bench Tower',
  address1: '400 Elm Street',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  propertyType: 'apartment',
  isCommercial: true,
  totalUnitsCount: 500,
  completedUnitsCount: 0,
};
const CHOICE = { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' };

async function newProperty(url: string, shopper: Shopper): Promise<string> {
  return (await call<{ property: { id: string } }>(url, shopper, 'POST', '/properties', PROPERTY)).property.id;
}

/** A customer with an empty cart and a property of ORDER_WINDOWS imported windows, and their ids. */
async function buyerWithWindows(stack: LocalStack) {
  const shopper = await newShopper(stack);
  const propertyId = await newProperty(stack.url, shopper);
  await call(stack.url, shopper, 'POST', `/properties/${propertyId}/windows/import`, {
    csv: scheduleCsv(ORDER_WINDOWS),
  });
  const { windows } = await call<{ windows: Array<{ id: string }> }>(
    stack.url,
    shopper,
    'GET',
    `/properties/${propertyId}/windows`,
  );
  return { shopper, propertyId, windowIds: windows.map((window) => window.id) };
}

export async function benchmarkPropertySchedules(stack: LocalStack): Promise<string[]> {
  const importer = await newShopper(stack);
  const csv = scheduleCsv(IMPORT_ROWS, [7, 1500]);
  const importing = await measureLatency(
    async () => {
      const propertyId = await newProperty(stack.url, importer);
      await call(stack.url, importer, 'POST', `/properties/${propertyId}/windows/import`, { csv });
    },
    { warmUp: 1, requests: 5 },
  );

  const buyers: Array<Awaited<ReturnType<typeof buyerWithWindows>>> = [];
  for (let i = 0; i < 2 * (ORDER_WARM_UP + ORDER_RUNS); i++) buyers.push(await buyerWithWindows(stack));
  const inChunksOf = await measureLatency(
    async (i) => {
      const { shopper, propertyId, windowIds } = buyers[i]!;
      for (const chunk of inChunks(windowIds, WINDOW_ORDER_CHUNK))
        await call(stack.url, shopper, 'POST', `/properties/${propertyId}/window-orders`, {
          ...CHOICE,
          windowIds: chunk,
        });
    },
    { warmUp: ORDER_WARM_UP, requests: ORDER_RUNS },
  );
  const inOne = await measureLatency(
    async (i) => {
      const { shopper, propertyId, windowIds } = buyers[ORDER_WARM_UP + ORDER_RUNS + i]!;
      await call(stack.url, shopper, 'POST', `/properties/${propertyId}/window-orders`, { ...CHOICE, windowIds });
    },
    { warmUp: ORDER_WARM_UP, requests: ORDER_RUNS },
  );
  const reader = buyers[0]!.shopper;
  const readCart = await measureLatency(() => call(stack.url, reader, 'GET', '/cart').then(() => undefined), {
    warmUp: 2,
    requests: 10,
  });
  return [
    formatLatency(`import a schedule of ${IMPORT_ROWS} rows (2 bad)`, importing),
    formatLatency(`order ${ORDER_WINDOWS} windows, ${ORDER_WINDOWS / WINDOW_ORDER_CHUNK} requests`, inChunksOf),
    formatLatency(`order ${ORDER_WINDOWS} windows, 1 request`, inOne),
    formatLatency(`GET /api/cart, ${ORDER_WINDOWS} window lines`, readCart),
  ];
}
