import { describe, expect, inject, it } from 'vitest';
import { FAUX_WOOD_STANDARD_COLORS } from '#domain/catalogue/colors';
import type { ConfigurationInput } from '#domain/pricing/configuration';
import { startingPrices } from '#domain/pricing/starting-price';

const base = inject('baseUrl');

const fauxWood = (width: number, length: number, mount: 'inside' | 'outside'): ConfigurationInput => ({
  family: 'faux-wood-blinds',
  series: 'standard',
  width: { inches: width, eighths: 0 },
  length: { inches: length, eighths: 0 },
  mount,
  measurement: 'blind',
  color: FAUX_WOOD_STANDARD_COLORS[0]!.code,
  quantity: 1,
  options: {},
});

async function quote(configurations: unknown[]) {
  return fetch(`${base}/api/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ configurations }),
  });
}

describe('POST /api/quotes', () => {
  it("prices the home page's four featured faux wood blinds as advertised", async () => {
    const response = await quote([
      fauxWood(25, 72, 'outside'),
      fauxWood(47, 72, 'inside'),
      fauxWood(35, 60, 'inside'),
      fauxWood(35, 72, 'inside'),
    ]);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results.map((result: { unitCents: number }) => result.unitCents)).toEqual([4140, 7267, 4462, 5355]);
    expect(body.totalCents).toBe(4140 + 7267 + 4462 + 5355);
    expect(body.pricedCount).toBe(4);
    expect(body.versions.fauxWoodStock).toMatch(/^fauxWoodStock-/);
  });

  it("prices a property manager's 200 windows in one call, ignoring any price the browser sends", async () => {
    const windows = Array.from({ length: 200 }, (_, i) => ({
      ...fauxWood(24 + (i % 40), 36 + (i % 30), 'inside'),
      unitCents: 1,
    }));
    const response = await quote(windows);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results).toHaveLength(200);
    expect(body.pricedCount).toBe(200);
    expect(body.results.every((result: { unitCents: number }) => result.unitCents > 100)).toBe(true);
  });

  it('names the bad configuration by its index and field', async () => {
    const windows = [
      fauxWood(24, 36, 'inside'),
      fauxWood(24, 36, 'inside'),
      fauxWood(24, 36, 'inside'),
      { ...fauxWood(24, 36, 'inside'), width: { inches: 24.5, eighths: 0 } },
    ];
    const response = await quote(windows);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toMatch(/^configurations\.3\.width/);
    expect(Object.keys(body.fieldErrors)).toEqual(['configurations.3.width.inches']);
  });

  it('refuses an empty list and more than 500 configurations', async () => {
    expect((await quote([])).status).toBe(400);
    expect((await quote(Array.from({ length: 501 }, () => fauxWood(24, 36, 'inside')))).status).toBe(400);
  });
});

describe.each(['/api/price-grids', '/api/catalogue', '/api/starting-prices'])('GET %s', (path) => {
  it('is cacheable by the CDN and the browser, and revalidates to 304', async () => {
    const first = await fetch(`${base}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const body = await first.json();
    if (path !== '/api/starting-prices')
      expect(path === '/api/catalogue' ? body.gridVersions : body.versions).toHaveProperty('fascia');

    const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });
});

describe('GET /api/starting-prices', () => {
  it("answers each family's lowest price over the current grids, as the domain computes it", async () => {
    const body = await (await fetch(`${base}/api/starting-prices`)).json();
    const { grids } = await (await fetch(`${base}/api/price-grids`)).json();
    expect(body).toEqual(startingPrices(grids));
    expect(Object.keys(body.startingPrices)).toEqual([
      'faux-wood-blinds',
      'wood-blinds',
      'roller-shades',
      'vertical-blinds',
      'mini-blinds',
    ]);
  });
});

describe('GET /api/catalogue', () => {
  it('serves the five families with their series, colours, facts and warranties, and the limits', async () => {
    const body = await (await fetch(`${base}/api/catalogue`)).json();
    expect(body.families.map((family: { id: string }) => family.id)).toEqual([
      'faux-wood-blinds',
      'wood-blinds',
      'roller-shades',
      'vertical-blinds',
      'mini-blinds',
    ]);
    const fauxWoodFamily = body.families[0];
    expect(fauxWoodFamily.series[0].defaultColor).toBe('E02');
    expect(fauxWoodFamily.facts.length).toBeGreaterThan(0);
    expect(fauxWoodFamily.warrantyYears).toBeGreaterThan(0);
    expect(body.limits.size['roller-shades']).toEqual({ width: { min: 24, max: 84 }, length: { min: 36, max: 144 } });
  });
});
