/**
 * The text rules (issue 24, finding 13), route by route: every route that reads a JSON body
 * has a body it parses (the fixture's, or one of SWEPT_BODIES) or says why it has none, and each
 * string field of that body, sent with a refused character and with CRLF (a multi-line field, with
 * another refused character instead), is a 400 naming the field.
 */
import { EXAMPLE_BUSINESS } from '../support/business';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { newConfigurationSchema, type PunchoutConfiguration } from '#domain/punchout/configuration';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import type { HttpRoute } from '../../functions/routing';
import {
  at,
  bodyRoutes,
  FIXTURES,
  namesField,
  password,
  pathParametersOf,
  pathsOf,
  prepareRecords,
  records,
  request,
  seedOf,
  sleep,
  titled,
  unique,
  withValue,
  type Answer,
  type Json,
  type Run,
} from '../support/body-fixtures';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

beforeAll(prepareRecords);

/** What the sweep needs besides the fuzzing's records: a buyer's configuration and a webhook subscription, for routes that find them first. */
interface SweepRecords {
  partner: PunchoutConfiguration;
  partnerSecret: string;
  subscriptionId: string;
  promotionId: string;
}

/** A body a route parses (it need not be accepted: every field of it is refused in turn). */
interface SweptBody {
  body: () => Json;
  /** Fields made by multiLineText, which keep line breaks: they get another refused character instead of CRLF. */
  multiLine?: string[];
  headers?: (records: SweepRecords) => Record<string, string>;
  pathParameters?: (records: SweepRecords) => Record<string, string>;
}

let sweep: SweepRecords;

const basic = (records: SweepRecords) => ({
  authorization: `Basic ${Buffer.from(`${records.partner.identity}:${records.partnerSecret}`).toString('base64')}`,
});
const address = (): Json => ({
  address1: '12 Oak Street',
  address2: 'Unit 4',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
});
const configurationForm = (): Json => ({
  clientId: `client-${unique()}`,
  accountNumber: `RP-${unique()}`,
  propertyName: 'Oak Court',
  identity: `oak-${unique()}`,
  sharedSecret: 'a-secret-of-sixteen-or-more',
  dunsNumber: '123456789',
  networkId: 'AN01',
  senderIdentity: 'sender',
  catalogUrl: 'https://buyer.example.com/catalog',
  punchoutUrl: 'https://buyer.example.com/punchout',
  invoiceUrl: 'https://buyer.example.com/invoices',
  pricingRules: '{ "discount": 0.1 }',
  buyerSystem: 'Other cXML',
  returnField: 'cxml-urlencoded',
});
/** An update's form: the secret is not part of it (a save never changes one; decision 0035). */
const configurationUpdateForm = (): Json => {
  const { sharedSecret: _secret, ...form } = configurationForm() as Record<string, Json>;
  return form;
};
const webhook = (): Json => ({
  url: 'https://hooks.example.com/shop',
  description: 'Orders to the ERP',
  events: [{ type: 'OrderPlaced', shape: 'envelope' }],
  active: false,
});
const promotion = (): Json => ({
  code: 'SWEEP-SALE',
  name: 'Sweep sale',
  kind: 'percent',
  percent: 10,
  startsOn: '2099-01-01',
  endsOn: '2099-01-31',
});

/** Routes with a JSON body and no fuzzing fixture: a body of every field they read. */
const SWEPT_BODIES: Record<string, SweptBody> = {
  ReorderPropertyWindows: { body: () => ({ windowIds: ['a-window'] }) },
  QuoteCheckout: { body: () => ({ shippingAddress: { state: 'TX', zipCode: '75024' }, installation: false }) },
  PlaceOrder: {
    body: () => ({
      placementKey: randomUUID(),
      customer: { name: 'Ana Lopez', email: 'ana@example.com', phone: '214-555-0100' },
      shippingAddress: address(),
      billingSameAsShipping: false,
      billingAddress: address(),
      installation: false,
      notes: 'Gate code 12',
      paymentMethod: 'account',
      poNumber: 'PO-2026-118',
    }),
    multiLine: ['notes'],
  },
  TransitionOrder: { body: () => ({ action: 'cancel', reason: 'The customer asked' }) },
  TransitionOrders: { body: () => ({ action: 'startProduction', orderIds: ['order-1', 'order-2'] }) },
  TransitionOrderLine: { body: () => ({ action: 'backorder', note: 'Fabric due Dec 10' }), multiLine: ['note'] },
  CancelMyOrder: { body: () => ({ reason: 'Ordered the wrong colour' }) },
  StartChat: { body: () => ({ name: 'Ana Lopez', phone: '214-555-0100' }) },
  PostChatMessage: { body: () => ({ text: 'Hello there', clientMessageId: randomUUID() }), multiLine: ['text'] },
  ReplyToChat: { body: () => ({ text: 'Hello there', clientMessageId: randomUUID() }), multiLine: ['text'] },
  RedeemPunchoutStart: { body: () => ({ s: 'start-id', bc: 'buyer-cookie', ru: 'https://buyer.example.com/return' }) },
  PunchoutPriceAvailability: {
    body: () => ({ skus: ['FW-STD-E02'], accountNumber: sweep.partner.accountNumber }),
    headers: basic,
  },
  PunchoutOrderIntegration: {
    body: () => ({
      orderNumber: 'PO-17',
      accountNumber: sweep.partner.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 1, unitPrice: 10 }],
      shipTo: address(),
      test: true,
    }),
    headers: basic,
  },
  CreateWebhook: { body: webhook },
  // Refused before anyone is invited or changed: the body is read first.
  InviteStaffMember: {
    body: () => ({ firstName: 'Sam', lastName: 'Sweep', email: 'sweep-staff@example.com', roles: ['support'] }),
  },
  ChangeStaffRoles: { body: () => ({ roles: ['support'] }), pathParameters: () => ({ userId: 'sweep-member' }) },
  UpdateWebhook: { body: webhook, pathParameters: (records) => ({ subscriptionId: records.subscriptionId }) },
  RedeliverWebhookEvent: {
    body: () => ({ eventId: randomUUID() }),
    pathParameters: (records) => ({ subscriptionId: records.subscriptionId }),
  },
  CreatePunchoutConfiguration: { body: configurationForm },
  UpdatePunchoutConfiguration: { body: configurationUpdateForm },
  RotatePunchoutSecret: {
    body: () => ({ sharedSecret: 'a-secret-of-sixteen-or-more' }),
    pathParameters: (records) => ({ configId: records.partner.id }),
  },
  CreatePunchoutClient: {
    body: () => ({
      firstName: 'Pat',
      lastName: 'Manager',
      email: 'pat@example.com',
      phone: '214-555-0111',
      accountType: 'realpage',
      password,
    }),
  },
  BookAppointment: {
    body: () => ({
      name: 'Rosa Diaz',
      address: '1200 Main St, Dallas',
      zipCode: '75201',
      phone: '(214) 555-0142',
      email: 'rosa@example.com',
      orderNumber: 'HBB-ABCDEF',
      date: '2030-01-07',
      time: '10:00 AM',
    }),
  },
  SetAppointmentStatus: { body: () => ({ transition: 'complete' }) },
  RescheduleAppointment: { body: () => ({ date: '2030-01-07', time: '10:00 AM' }) },
  SetAppointmentCapacity: { body: () => ({ capacity: 3 }), pathParameters: () => ({ date: '2030-01-07' }) },
  RescheduleInstallation: { body: () => ({ date: '2030-01-07', window: '8:00 AM - 12:00 PM' }) },
  SetInstallationStatus: { body: () => ({ transition: 'complete' }) },
  SetInstallationCrews: { body: () => ({ crews: 3 }), pathParameters: () => ({ date: '2030-01-07' }) },
  CreateResumeUpload: { body: () => ({ fileName: 'resume.pdf', size: 1000 }) },
  SubmitJobApplication: {
    body: () => ({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '214-555-0100',
      coverLetter: 'I build things.',
      jobTitle: 'Blind Installer',
      department: 'Field',
      resume: { uploadKey: `resumes/pending/${randomUUID()}`, fileName: 'resume.pdf' },
    }),
    multiLine: ['coverLetter'],
  },
  ChangeJobApplicationStatus: { body: () => ({ status: 'reviewed' }) },
  CreateReturnPhotoUpload: { body: () => ({ contentType: 'image/jpeg', size: 1000 }) },
  SubmitReturnRequest: {
    body: () => ({
      orderNumber: 'HBB-ABCDEF',
      email: 'ana@example.com',
      kind: 'return',
      reason: 'damaged',
      lines: [{ position: 1, quantity: 1 }],
      note: 'Two slats broke',
      photoIds: [randomUUID()],
    }),
    multiLine: ['note'],
  },
  TransitionReturnRequest: { body: () => ({ action: 'approve', note: 'Approved' }), multiLine: ['note'] },
  RequestPriceMatch: {
    body: () => ({
      configuration: defaultConfiguration('faux-wood-blinds') as unknown as Json,
      competitorName: 'Blinds Galore',
      competitorPrice: 1,
      competitorUrl: 'https://blindsgalore.example.com/faux-wood',
      note: 'Same slats',
    }),
    multiLine: ['note'],
  },
  DecidePriceMatch: { body: () => ({ action: 'decline', reason: 'Not the same size' }), multiLine: ['reason'] },
  CreateCustomerQuote: {
    body: () => ({
      customer: { name: 'Zoë Müller', email: 'zoe@example.com', phone: '214-555-0100' },
      shippingAddress: address(),
      notes: 'Gate code 12',
      lines: [{ configuration: defaultConfiguration('faux-wood-blinds') as unknown as Json, roomLabel: 'Kitchen' }],
    }),
    multiLine: ['notes'],
  },
  EmailCustomerQuote: {
    body: () => ({ email: 'owner@example.com', message: 'For the board' }),
    multiLine: ['message'],
    pathParameters: () => ({ quoteId: randomUUID() }),
  },
  IssueCustomerQuoteVersion: {
    body: () => ({ discountCents: 100, discountLabel: 'Loyalty', note: 'Priced for the site' }),
    multiLine: ['note'],
    pathParameters: () => ({ quoteId: randomUUID() }),
  },
  CreatePromotion: { body: promotion },
  UpdatePromotion: { body: promotion, pathParameters: (records) => ({ promotionId: records.promotionId }) },
  SaveOpeningHours: {
    body: () => ({ week: { ...EXAMPLE_BUSINESS.hours.week, sunday: { opens: '10:00', closes: '16:00' } } }),
  },
  SaveShopClosures: { body: () => ({ closures: [{ date: '2099-01-02', reason: 'Stock-taking' }] }) },
  SaveVolumeTable: { body: () => ({ tiers: [{ minBlinds: 10, percent: 5 }], effectiveFrom: '2099-01-01' }) },
  CloseMyAccount: { body: () => ({ confirmEmail: 'ana@example.com' }) },
  CloseClientAccount: {
    body: () => ({ confirmEmail: 'ana@example.com' }),
    pathParameters: () => ({ clientId: `sweep-client-${randomUUID()}` }),
  },
  SetClientPaymentTerms: {
    body: () => ({ terms: 'net30', creditLimitCents: 250_000 }),
    pathParameters: () => ({ clientId: `sweep-client-${randomUUID()}` }),
  },
  SetClientPriceList: {
    body: () => ({
      families: [{ family: 'faux-wood-blinds', percentOff: 5 }],
      series: [{ family: 'faux-wood-blinds', series: defaultConfiguration('faux-wood-blinds').series, percentOff: 6 }],
      startsOn: '2026-01-01',
      endsOn: '2099-12-31',
    }),
    pathParameters: () => ({ clientId: `sweep-client-${randomUUID()}` }),
  },
};

/** Routes that read no JSON body, and why: each reads none, or a body of its own kind with its own reader. */
const NOT_SWEPT: Record<string, string> = {
  EnsureDefaultProperty: 'reads no body',
  SignOutCarts: 'reads no body',
  SyncAccountEmail: 'reads no body: the e-mail comes from the user pool',
  MarkChatViewed: 'reads no body',
  CloseChat: 'reads no body',
  SubmitPunchoutCart: 'reads no body: the cart is the partner session’s',
  ConfirmPunchoutReturn: 'reads no body: the submission is named in the path',
  RotateWebhookSecret: 'reads no body',
  EndPromotion: 'reads no body',
  ReorderMyOrder: 'reads no text: only the positions of the lines to buy again',
  AcceptCustomerQuote: 'reads no body: the quote is named in the path and its figures are stored',
  SendWebhookTest: 'reads no body',
  RunIntegrationTests: 'reads no body',
  TestPunchoutConfiguration: 'reads no body: it tests the stored credentials',
  RetryDeadLetter: 'reads no body',
  StartCardSetup: 'reads no body: the card is entered on Stripe’s page',
  CancelAppointmentByToken: 'reads no body',
  CancelInstallationByToken: 'reads no body',
  BookInstallationByToken: 'a date and a time window from two closed lists: no free text',
  CancelAppointment: 'reads no body',
  ImportPropertyWindows:
    'a window schedule as CSV, whose text cells domain/properties/schedule-csv.ts holds to the same rules (each bad row named and skipped)',
  PreviewPriceGrid: 'a price grid as CSV, whose text cells domain/catalogue/grids/csv.ts holds to the same rules',
  ReplacePriceGrid: 'a price grid as CSV, whose text cells domain/catalogue/grids/csv.ts holds to the same rules',
  PunchoutCxml: 'cXML, read by its own parser (docs/decisions/0016)',
  StripeWebhook: 'Stripe’s events, read only once their signature verifies',
  SendSampleRequests:
    'no free text: sample request references and tracking numbers match patterns of letters, digits, spaces and hyphens, carriers are a list',
  DeliverSampleRequests: 'no free text: only sample request references, which match their pattern',
  SetStaffMemberAccess: 'no text: only `enabled`, a boolean',
  RescheduleAppointmentByToken:
    'reached only through a booked appointment’s signed link; its body is RescheduleAppointment’s, swept above',
};

/** The refused characters the sweep puts in the fields, a different one for each field in turn. */
const REFUSED = [
  '\u0000',
  '\u0007',
  '\t',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udc00',
];

/** `text` with `character` in its middle, between two letters, so no trimming takes it away. */
const withInside = (text: string, character: string) =>
  `${text.slice(0, text.length >> 1)}a${character}b${text.slice(text.length >> 1)}`;

function sweptBodyOf(route: HttpRoute): SweptBody | undefined {
  const fixture = FIXTURES[route.id];
  if (fixture && fixture.format !== 'csv') {
    return {
      body: fixture.valid,
      multiLine: route.id === 'SubmitContactMessage' ? ['message'] : [],
      headers: () => fixture.headers ?? {},
    };
  }
  return SWEPT_BODIES[route.id];
}

/** Sends `body`, waiting out API Gateway's throttle when another test file spent it. */
async function sendSwept(route: HttpRoute, body: Json, swept: SweptBody): Promise<Answer> {
  const fixture = FIXTURES[route.id];
  const run: Run = {
    session: fixture?.session?.(records()) ?? `sweep-${randomUUID()}`,
    pathParameters: { ...pathParametersOf(route), ...swept.pathParameters?.(sweep) },
  };
  const pause = route.throttle ? 2000 / route.throttle.rateLimit : 0;
  for (;;) {
    const answer = await request(
      route,
      run,
      { text: JSON.stringify(body), contentType: 'application/json' },
      swept.headers?.(sweep),
    );
    if (pause) await sleep(pause);
    if (answer.status !== 429) return answer;
  }
}

async function sweepTextFields(route: HttpRoute) {
  const swept = sweptBodyOf(route)!;
  const fields = pathsOf(swept.body())
    .filter(({ kind }) => kind === 'string')
    .map(({ path }) => path);
  for (const [index, path] of fields.entries()) {
    const name = path.join('.');
    const multiLine = swept.multiLine?.includes(name) ?? false;
    const characters = [
      REFUSED[(seedOf(route.id) + index) % REFUSED.length]!,
      multiLine ? REFUSED[(seedOf(route.id) + index + 7) % REFUSED.length]! : '\r\n',
    ];
    for (const character of characters) {
      const body = swept.body();
      const answer = await sendSwept(
        route,
        withValue(body, path, withInside(at(body, path) as string, character)),
        swept,
      );
      expect(answer.status, `${name} with ${JSON.stringify(character)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(
        namesField(answer.body.fieldErrors, path),
        `${JSON.stringify(answer.body.fieldErrors)} names ${name} (with ${JSON.stringify(character)})`,
      ).toBe(true);
    }
  }
}

describe('every string field of every route that reads a JSON body', () => {
  beforeAll(async () => {
    Object.assign(process.env, env);
    const partnerSecret = `sweep-${randomUUID()}`;
    const { configuration: partner } = await saveConfiguration(
      newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
        clientId: `client-${unique()}`,
        accountNumber: `RP-${unique()}`,
        propertyName: 'Sweep Court',
        identity: `sweep-${unique()}`,
        sharedSecret: partnerSecret,
      }),
    );
    const created = await fetch(`${baseUrl}/api/admin/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${records().staffToken}` },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/sweep', events: [{ type: 'OrderPlaced' }], active: false }),
    });
    expect(created.status).toBe(201);
    const promoted = await fetch(`${baseUrl}/api/admin/promotions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${records().staffToken}` },
      body: JSON.stringify({ ...(promotion() as object), code: `SWEEP-${unique()}`.slice(0, 20) }),
    });
    expect(promoted.status).toBe(201);
    sweep = {
      partner,
      partnerSecret,
      subscriptionId: ((await created.json()) as { subscription: { id: string } }).subscription.id,
      promotionId: ((await promoted.json()) as { id: string }).id,
    };
  });

  it('has, for each route, a body to sweep or a reason why it reads none', () => {
    const unaccounted = bodyRoutes
      .filter((route) => !sweptBodyOf(route) && !NOT_SWEPT[route.id])
      .map((route) => route.id);
    const both = bodyRoutes.filter((route) => sweptBodyOf(route) && NOT_SWEPT[route.id]).map((route) => route.id);
    expect({ unaccounted, both }).toEqual({ unaccounted: [], both: [] });
  });

  const sweptRoutes = bodyRoutes.filter((route) => sweptBodyOf(route));
  const SWEEP_TITLE = '%s: each string field with a refused character or CRLF is a 400 naming it';
  it.each(titled(sweptRoutes.filter((route) => !route.throttle)))(
    SWEEP_TITLE,
    (_, route) => sweepTextFields(route),
    120_000,
  );
  it.concurrent.each(titled(sweptRoutes.filter((route) => route.throttle)))(
    SWEEP_TITLE,
    (_, route) => sweepTextFields(route),
    120_000,
  );
});
