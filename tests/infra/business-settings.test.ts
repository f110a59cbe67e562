import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BusinessSettings } from '#domain/business';
import { buildShopApp } from '../../infra/stacks/shop-app';
import { ShopFunction } from '../../infra/stacks/shop-function';
import { EXAMPLE_BUSINESS } from '../support/business';
import { WITHOUT_BUNDLING } from './synthesized-shop';

/** The business settings every function of the shop (ShopFunction: not CDK's own helpers) is given. */
function settingsGiven(business: unknown): BusinessSettings[] {
  const { app } = buildShopApp({ context: { ...WITHOUT_BUNDLING, business } });
  return app.node
    .findAll()
    .filter((construct): construct is ShopFunction => construct instanceof ShopFunction)
    .map((shopFunction) => {
      // The function's environment is rendered at synthesis (a lazy value until then).
      const cfn = shopFunction.fn.node.defaultChild as CfnFunction;
      const { variables } = Stack.of(cfn).resolve(cfn.environment) as { variables: Record<string, unknown> };
      return JSON.parse(String(variables.BUSINESS_SETTINGS ?? 'null')) as BusinessSettings;
    });
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
