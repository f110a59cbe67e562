/**
 * Property schedules (issue 28): a window schedule imported from CSV (bad rows named and skipped,
 * the server reading the file again, the same file twice never duplicating), exported in the same
 * columns, ordered whole into the cart, and ordered again as each window was last ordered.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { PropertyWindow } from '#domain/properties/property';
import {
  MAX_SCHEDULE_ROWS,
  NO_VALID_ROWS_MESSAGE,
  SCHEDULE_HEADERS,
  tooManyRowsMessage,
} from '#domain/properties/schedule-csv';
import { inChunks, WINDOW_ORDER_CHUNK, WINDOW_REORDER_MESSAGES } from '#domain/properties/window-order';
import { api, myOrder, newShopper, pay, placeOrder, placement, type Shopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { BAD_TOP_WIDTH, scheduleCsv } from '../support/property-schedule';

const baseUrl = inject('baseUrl');

const property = (name: string) => ({
  name,
  address1: '400 Elm Street',
  address2: '',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  propertyType: 'apartment',
  isCommercial: true,
  totalUnitsCount: 500,
  completedUnitsCount: 0,
  propertyStatus: 'active',
});

async function newProperty(shopper: Shopper, name: string): Promise<string> {
  const answer = await api(baseUrl, shopper, 'POST', '/properties', property(name));
  expect(answer.status).toBe(201);
  return answer.body.property.id;
}

const importSchedule = (shopper: Shopper, propertyId: string, csv: string) =>
  api(baseUrl, shopper, 'POST', `/properties/${propertyId}/windows/import`, { csv });

async function windowsOf(shopper: Shopper, propertyId: string): Promise<PropertyWindow[]> {
  return (await api(baseUrl, shopper, 'GET', `/properties/${propertyId}/windows`)).body.windows;
}

const topWidthProblem = (row: number) => ({
  row,
  column: 'Top width (inches)',
  message: 'Top width must be whole inches; put the fraction in Top width (eighths).',
});

let shopper: Shopper;
let tower: string;

beforeAll(async () => {
  shopper = await newShopper(baseUrl);
  tower = await newProperty(shopper, 'Elm Tower');
});

describe('importing a window schedule', () => {
  it('imports 2,000 rows at once, each bad row named by row and column and skipped whole; the same file again duplicates nothing', async () => {
    const csv = scheduleCsv(2000, [7, 1500]);
    const answer = await importSchedule(shopper, tower, csv);
    expect(answer).toEqual({
      status: 201,
      body: { imported: 1998, skippedRows: [7, 1500], problems: [topWidthProblem(7), topWidthProblem(1500)] },
    });
    const windows = await windowsOf(shopper, tower);
    expect(windows).toHaveLength(1998);
    // In the file's order, with their building and unit; row 7 (the sixth window) is not among them.
    expect(windows[0]).toMatchObject({ building: 'A', unit: '100', roomName: 'Bedroom', label: 'W1', product: null });
    expect(windows.slice(4, 6).map((window) => window.label)).toEqual(['W1', 'W3']);
    const rooms = (await api(baseUrl, shopper, 'GET', `/properties/${tower}/rooms`)).body.rooms;
    expect(rooms.map((room: { name: string }) => room.name)).toEqual(['Bedroom', 'Living']);

    expect((await importSchedule(shopper, tower, csv)).body.imported).toBe(1998);
    expect(await windowsOf(shopper, tower)).toHaveLength(1998);
    expect((await api(baseUrl, shopper, 'GET', `/properties/${tower}/rooms`)).body.rooms).toHaveLength(2);
  });

  it('reads the file again on the server: a file it cannot take at all is refused whole, naming why', async () => {
    const empty = await newProperty(shopper, 'Refusals');
    const tooMany = await importSchedule(shopper, empty, scheduleCsv(MAX_SCHEDULE_ROWS + 1));
    expect(tooMany).toEqual({
      status: 400,
      body: {
        message: tooManyRowsMessage(MAX_SCHEDULE_ROWS + 1),
        fileProblems: [tooManyRowsMessage(MAX_SCHEDULE_ROWS + 1)],
      },
    });
    expect(tooMany.body.message).toContain('at most 2,500');
    const noColumns = await importSchedule(shopper, empty, 'Room,Label\nKitchen,Sink\n');
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.fileProblems).toContain(
      'Row 1: the column Height (inches) is missing. Download the template for the columns.',
    );
    const allBad = await importSchedule(shopper, empty, scheduleCsv(2, [2, 3]));
    expect(allBad).toEqual({
      status: 400,
      body: {
        message: NO_VALID_ROWS_MESSAGE,
        imported: 0,
        skippedRows: [2, 3],
        problems: [topWidthProblem(2), topWidthProblem(3)],
      },
    });
    // What a browser's preview would have let through is still the server's to refuse: a refused character, a width of 300".
    const header = SCHEDULE_HEADERS.join(',');
    const forged = await importSchedule(
      shopper,
      empty,
      [
        header,
        'A,1,Bed\u202eroom,,30,0,30,0,30,0,40,0,,',
        'A,1,Den,,300,0,30,0,30,0,40,0,,',
        'A,1,Den,,30,0,30,0,30,0,40,0,,',
      ].join('\n'),
    );
    expect(forged.body.skippedRows).toEqual([2, 3]);
    expect(forged.body.problems.map((problem: { column: string }) => problem.column)).toEqual([
      'Room',
      'Top width (inches)',
    ]);
    expect(await windowsOf(shopper, empty)).toHaveLength(1);
    const other = await newShopper(baseUrl);
    expect((await importSchedule(other, empty, scheduleCsv(1))).status).toBe(404);
    expect(BAD_TOP_WIDTH).toBe('35.5');
  });

  it('exports the windows in the same columns, and the export imports as it is', async () => {
    const source = await newProperty(shopper, 'Export source');
    await importSchedule(shopper, source, scheduleCsv(30));
    const response = await fetch(`${baseUrl}/api/properties/${source}/windows/export`, {
      headers: { authorization: `Bearer ${shopper.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="export-source-windows.csv"');
    const exported = await response.text();
    expect(exported.split('\r\n')[0]).toBe(SCHEDULE_HEADERS.join(','));

    const copy = await newProperty(shopper, 'Export copy');
    expect((await importSchedule(shopper, copy, exported)).body).toEqual({
      imported: 30,
      skippedRows: [],
      problems: [],
    });
    const fields = ({
      building,
      unit,
      roomName,
      label,
      widthTop,
      widthMiddle,
      widthBottom,
      height,
      product,
    }: PropertyWindow) => ({
      building,
      unit,
      roomName,
      label,
      widthTop,
      widthMiddle,
      widthBottom,
      height,
      product,
    });
    expect((await windowsOf(shopper, copy)).map(fields)).toEqual((await windowsOf(shopper, source)).map(fields));
  });
});

describe('ordering a property at scale', () => {
  it('orders 1,000 windows in requests of 200, as the page does, and the cart holds 1,000 lines', async () => {
    const buyer = await newShopper(baseUrl);
    const building = await newProperty(buyer, 'Oak Court');
    expect((await importSchedule(buyer, building, scheduleCsv(1000))).body.imported).toBe(1000);
    const ids = (await windowsOf(buyer, building)).map((window) => window.id);
    const choice = { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' };
    let added = 0;
    for (const windowIds of inChunks(ids, WINDOW_ORDER_CHUNK)) {
      const answer = await api(baseUrl, buyer, 'POST', `/properties/${building}/window-orders`, {
        ...choice,
        windowIds,
      });
      expect(answer.status, JSON.stringify(answer.body.failures?.[0])).toBe(201);
      added += answer.body.addedCount;
    }
    expect(added).toBe(1000);
    expect((await api(baseUrl, buyer, 'GET', '/cart/count')).body).toEqual({ count: 1000 });
    const cart = (await api(baseUrl, buyer, 'GET', '/cart')).body;
    expect(cart.items).toHaveLength(1000);
    expect(cart.items[0].roomLabel).toBe('A - 100 - Bedroom - W1');
    expect(cart.items[999].roomLabel).toBe('B - 349 - Living - W4');
  });
});

describe('ordering windows again', () => {
  it('adds each window as its last paid order had it; a window never ordered is named', async () => {
    const buyer = await newShopper(baseUrl);
    const home = await newProperty(buyer, 'Turnover');
    await importSchedule(buyer, home, scheduleCsv(3));
    const [first, second, third] = await windowsOf(buyer, home);
    const wood = { family: 'wood-blinds', colorCode: 'W102', mount: 'outside' };
    const ordered = await api(baseUrl, buyer, 'POST', `/properties/${home}/window-orders`, {
      ...wood,
      windowIds: [first!.id, second!.id],
    });
    expect(ordered.status).toBe(201);
    const placed = await placeOrder(baseUrl, buyer, placement(buyer));
    await pay(baseUrl, placed.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, buyer, placed.orderId),
      (order) => order.paymentStatus === 'paid',
      15_000,
    );
    const recorded = await eventually(
      () => windowsOf(buyer, home),
      (windows) => windows.filter((window) => window.lastOrder).length === 2,
      15_000,
    );
    expect(recorded[0]!.lastOrder).toMatchObject({
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      roomLabel: 'A - 100 - Bedroom - W1',
      configuration: { family: 'wood-blinds', color: 'W102', mount: 'outside', quantity: 1 },
    });
    expect(recorded[2]!.lastOrder).toBeUndefined();

    const session = `turnover-${randomUUID()}`;
    const again = await api(baseUrl, { ...buyer, session }, 'POST', `/properties/${home}/window-reorders`, {
      windowIds: [second!.id, third!.id],
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ addedCount: 1, failures: [], neverOrdered: [third!.id] });
    const cart = (await api(baseUrl, { ...buyer, session }, 'GET', '/cart')).body;
    expect(
      cart.items.map((item: { roomLabel: string; configuration: { family: string } }) => [
        item.roomLabel,
        item.configuration.family,
      ]),
    ).toEqual([['B - 100 - Bedroom - W2', 'wood-blinds']]);
    const never = await api(baseUrl, { ...buyer, session }, 'POST', `/properties/${home}/window-reorders`, {
      windowIds: [third!.id],
    });
    expect(never).toMatchObject({ status: 400, body: { message: WINDOW_REORDER_MESSAGES.neverOrdered } });
  });
});
