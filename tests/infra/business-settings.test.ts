import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '#domain/business';
import { buildShopApp } from '../../infra/stacks/shop-app';
import { EXAMPLE_BUSINESS } from '../support/business';
import { WITHOUT_BUNDLING } from './synthesized-shop';

/** The business settings every function of the shop (those given its settings: not CDK's own) is given. */
function settingsGiven(business: unknown): BusinessSettings[] {
  const { app } = buildShopApp({ context: { ...WITHOUT_BUNDLING, business } });
  return app.node
    .findAll()
    .filter((construct): construct is CfnFunction => construct instanceof CfnFunction)
    .map((fn) => (fn.environment as { variables?: Record<string, string> } | undefined)?.variables ?? {})
    .filter((variables) => variables.SITE_URL !== undefined)
    .map((variables) => JSON.parse(variables.BUSINESS_SETTINGS ?? 'null') as BusinessSettings);
}

describe('the business settings (CDK context business)', () => {
  it('reach every function from a JSON file the context names', () => {
    const { officeHours: _derived, ...example } = EXAMPLE_BUSINESS;
    const file = join(mkdtempSync(join(tmpdir(), 'business-')), 'business.json');
    writeFileSync(
      file,
      JSON.stringify({ ...example, name: 'Prairie Shades', phoneDisplay: '(972) 867-1234', phoneE164: '+19728671234' }),
    );
    const given = settingsGiven(file);
    expect(given.length).toBeGreaterThan(50);
    for (const settings of given) {
      expect(settings).toMatchObject({ name: 'Prairie Shades', phoneDisplay: '(972) 867-1234' });
    }
  });

  it('are refused naming the field that is wrong', () => {
    const { officeHours: _derived, ...example } = EXAMPLE_BUSINESS;
    expect(() =>
      settingsGiven({ ...example, phoneE164: '972-867-1234', hours: { ...example.hours, week: { monday: null } } }),
    ).toThrow(/Invalid CDK context business: phoneE164: Expected an E\.164 number.*hours\.week\.tuesday/);
  });
});
