/**
 * The cXML module's throughput: documents per second `parseCxml` accepts (Coupa's setup request and
 * its OrderRequest, from ../shared/cxml/buyers), and punch-out order messages of 20 lines built per
 * second (attribute lines on, as for RealPage: 180 ItemIn elements each). Each in a loop for about
 * two seconds after a short warm-up.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCxml, punchOutOrderMessage, type PunchOutOrderLine } from '#domain/punchout/cxml/index';
import { CXML_BUYERS_DIR as BUYERS } from '../tests/support/shared-files';

const DURATION_MS = 2000;

function perSecond(run: () => unknown): number {
  for (let i = 0; i < 200; i++) run();
  let count = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 50; i++) run();
    count += 50;
    elapsed = performance.now() - started;
  }
  return Math.round((count * 1000) / elapsed);
}

function twentyLines(): PunchOutOrderLine[] {
  return Array.from({ length: 20 }, (_, i) => ({
    quantity: 1 + (i % 3),
    supplierPartId: `ROLLER-SHADE-${i}`,
    supplierPartAuxiliaryId: `01JBENCHSUBMISSION-${i + 1}`,
    unitPriceCents: 12_345 + i * 100,
    description: `Roller Shade; 36 1/2" x 48 1/8"; inside mount; Snow; cordless; Bedroom ${i + 1}`,
    extrinsics: {
      family: 'roller',
      series: 'premium',
      width: '36 1/2',
      length: '48 1/8',
      mount: 'inside',
      color: 'snow',
      room: `Bedroom ${i + 1}`,
    },
    attributes: {
      productType: 'Roller Shade',
      width: '36 1/2"',
      height: '48 1/8"',
      color: 'Snow',
      material: 'Fabric',
      controlType: 'Cordless',
    },
  }));
}

export function benchmarkCxml(): Record<string, number> {
  const setup = readFileSync(resolve(BUYERS, 'setup-request.coupa.officeluv-cxml.xml'), 'utf8');
  const order = readFileSync(resolve(BUYERS, 'order-request.coupa-annotated-sample.officeluv-cxml.xml'), 'utf8');
  const lines = twentyLines();
  const party = [{ domain: 'NetworkId', identity: 'bench-buyer' }];
  const poom = {
    from: party,
    to: party,
    sender: { credentials: party, userAgent: 'bench' },
    buyerCookie: 'bench-cookie',
    operationAllowed: 'edit' as const,
    totalCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    lines,
    attributeLines: true,
    propertyAccount: 'PA-1001',
  };
  return {
    'parseCxml, Coupa setup request, per second': perSecond(() => parseCxml(setup)),
    'parseCxml, Coupa OrderRequest, per second': perSecond(() => parseCxml(order)),
    '20-line order message built, per second': perSecond(() => punchOutOrderMessage(poom)),
  };
}
