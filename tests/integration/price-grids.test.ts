import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLLER_GREEN_3000_COLORS } from '#domain/catalogue/colors';
import { accessTokenFor } from '../support/user-pool';

const base = inject('baseUrl');
const env = inject('localEnv');
const staff = inject('staffAccount');

const cognito = new CognitoIdentityProviderClient({
  endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

/** The seed fascia grid (roller shades' fascia price by width), as staff download it. */
const SEED_FASCIA_CSV = 'width_min,width_max,price\n24,36,18.00\n36,48,24.00\n48,60,30.00\n60,72,36.00\n72,84,42.00';
const fasciaCsv = (firstPrice: string) => SEED_FASCIA_CSV.replace('18.00', firstPrice);

let staffToken: string;
let clientToken: string;

beforeAll(async () => {
  staffToken = await accessTokenFor(base, staff);
  const email = `client-${Date.now()}@example.com`;
  const password = 'Client-passw0rd!';
  await cognito.send(
    new AdminCreateUserCommand({ UserPoolId: env.USER_POOL_ID, Username: email, MessageAction: 'SUPPRESS' }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: env.USER_POOL_ID,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  clientToken = await accessTokenFor(base, { email, password });
});

function admin(path: string, init: RequestInit & { token?: string } = {}) {
  const { token = staffToken, ...rest } = init;
  return fetch(`${base}/api/admin/price-grids${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, ...rest.headers },
  });
}

const upload = (csv: string, headers: Record<string, string> = {}) =>
  admin('/fascia', { method: 'PUT', headers: { 'content-type': 'text/csv', ...headers }, body: csv });

async function currentFasciaVersion(): Promise<string> {
  return (await (await fetch(`${base}/api/price-grids`)).json()).versions.fascia;
}

/** A 30 in roller shade with a fascia: its unit price includes the fascia row 24-36. */
async function rollerWithFasciaCents(): Promise<number> {
  const response = await fetch(`${base}/api/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      configurations: [
        {
          family: 'roller-shades',
          series: 'green3000',
          width: { inches: 30, eighths: 0 },
          length: { inches: 60, eighths: 0 },
          mount: 'outside',
          measurement: 'blind',
          color: ROLLER_GREEN_3000_COLORS[0]!.code,
          quantity: 1,
          options: { fascia: true },
        },
      ],
    }),
  });
  return (await response.json()).results[0].unitCents;
}

afterAll(async () => {
  // Other suites price with the seed grids.
  await upload(SEED_FASCIA_CSV);
});

describe('staff price grid routes', () => {
  it('answer 401 without a token and 403 to a signed-in client', async () => {
    expect((await fetch(`${base}/api/admin/price-grids/fascia/versions`)).status).toBe(401);
    const forbidden = await admin('/fascia/versions', { token: clientToken });
    expect(forbidden.status).toBe(403);
    expect((await admin('/fascia', { token: clientToken, method: 'PUT', body: fasciaCsv('1.00') })).status).toBe(403);
  });

  it('name an unknown grid kind in a 404', async () => {
    const response = await admin('/curtains/versions');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain('curtains');
  });

  it('preview what an upload changes without changing anything', async () => {
    const before = await currentFasciaVersion();
    const response = await admin('/fascia/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv: fasciaCsv('19.50') }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      rowCount: 5,
      changes: {
        added: [],
        removed: [],
        changed: [
          {
            before: { widthMin: 24, widthMax: 36, priceCents: 1800 },
            after: { widthMin: 24, widthMax: 36, priceCents: 1950 },
          },
        ],
      },
    });
    expect(await currentFasciaVersion()).toBe(before);
  });

  it.each([
    ['a gap', SEED_FASCIA_CSV.replace('36,48,24.00', '40,48,24.00'), 'Row 3: '],
    ['an overlap', SEED_FASCIA_CSV.replace('36,48,24.00', '30,48,24.00'), 'Row 3: '],
    ['a non-positive price', fasciaCsv('0.00'), 'Row 2: '],
  ])('refuse a grid with %s, naming the row, and change nothing', async (_, csv, row) => {
    const before = await currentFasciaVersion();
    const unitBefore = await rollerWithFasciaCents();
    for (const response of [
      await admin('/fascia/preview', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv }),
      await upload(csv),
    ]) {
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.problems.some((problem: string) => problem.startsWith(row))).toBe(true);
    }
    expect(await currentFasciaVersion()).toBe(before);
    expect(await rollerWithFasciaCents()).toBe(unitBefore);
  });

  it('replace a grid: quotes move, the history lists it, and the previous version stays downloadable', async () => {
    const previous = await currentFasciaVersion();
    const unitBefore = await rollerWithFasciaCents();

    const response = await upload(fasciaCsv('19.50'));
    expect(response.status).toBe(200);
    const { version } = await response.json();
    expect(version).not.toBe(previous);
    expect(await currentFasciaVersion()).toBe(version);
    expect(await rollerWithFasciaCents()).toBe(unitBefore + 150);

    const history = await (await admin('/fascia/versions')).json();
    expect(history.currentVersion).toBe(version);
    expect(history.versions[0]).toMatchObject({ version, current: true, rowCount: 5 });
    expect(history.versions.map((entry: { version: string }) => entry.version)).toContain(previous);

    const download = await admin(`/fascia/versions/${previous}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/csv');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await download.text()).replaceAll('\r\n', '\n')).toBe(SEED_FASCIA_CSV);
  });

  it('mark only the newest upload current when an earlier file is restored', async () => {
    await upload(fasciaCsv('22.00'));
    const restored = await upload(SEED_FASCIA_CSV);
    expect(restored.status).toBe(200);
    const { version } = await restored.json();

    const history = await (await admin('/fascia/versions')).json();
    const current = history.versions.filter((entry: { current: boolean }) => entry.current);
    expect(current).toEqual([history.versions[0]]);
    expect(current[0].version).toBe(version);
    expect(history.versions.filter((entry: { version: string }) => entry.version === version).length).toBeGreaterThan(
      1,
    );
  });

  it('let one of two concurrent uploads win and answer 409 to the other', async () => {
    const current = await currentFasciaVersion();
    const responses = await Promise.all([
      upload(fasciaCsv('20.00'), { 'if-match': `"${current}"` }),
      upload(fasciaCsv('21.00'), { 'if-match': `"${current}"` }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = await responses.find((response) => response.status === 200)!.json();
    expect(await currentFasciaVersion()).toBe(winner.version);
  });
});
