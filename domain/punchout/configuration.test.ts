import { describe, expect, it } from 'vitest';
import {
  acceptedSecrets,
  CONFIGURATION_MESSAGES,
  configurationInputSchema,
  credentialWarningOf,
  GENERATED_PASSWORD_LENGTH,
  GENERATED_SHARED_SECRET_LENGTH,
  generatePassword,
  generateSharedSecret,
  newConfigurationSchema,
  PASSWORD_ALPHABET,
  parsePricingRulesText,
  pricingRulesPriceList,
  PRICING_RULES_NOT_JSON_MESSAGE,
  rotatedSecrets,
  SHARED_SECRET_ALPHABET,
  SHARED_SECRET_MESSAGES,
  secretsAfterSave,
  type PricingRules,
  type SharedSecrets,
} from './configuration';
import type { FamilyId } from '../catalogue/families';
import { contractUnitCents } from '../pricing/price-list';

describe('generated client password', () => {
  it('is 12 characters of the 70-character alphabet, with what the user pool requires', () => {
    expect(new Set(PASSWORD_ALPHABET).size).toBe(70);
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect([...password].every((character) => PASSWORD_ALPHABET.includes(character))).toBe(true);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
    }
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    const passwords = 6_000;
    for (let i = 0; i < passwords; i++)
      for (const character of generatePassword()) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(70);
    // Redrawing passwords without a digit or a letter case shifts the classes a little (digits gain,
    // symbols lose), the same for every character of a class: within a class, none strays far from the mean.
    for (const characterClass of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/]) {
      const classCounts = [...counts].filter(([character]) => characterClass.test(character)).map(([, count]) => count);
      const mean = classCounts.reduce((sum, count) => sum + count, 0) / classCounts.length;
      for (const count of classCounts) expect(Math.abs(count - mean) / mean).toBeLessThan(0.15);
    }
  });

  it('drops the bytes above the largest multiple of 70 (no modulo bias)', () => {
    // 250 % 70 would be 'o': bytes 210-255 would favour the first 46 characters if they were used.
    let calls = 0;
    const password = generatePassword((bytes) => {
      calls++;
      bytes.forEach((_, i) => (bytes[i] = calls === 1 ? 250 : [0, 26, 52][i % 3]!));
      return bytes;
    });
    expect(password).toBe('Aa0Aa0Aa0Aa0');
    expect(calls).toBe(2);
  });
});

/** A partner's unit price: their rules' price list, through the one contract price function. */
const partnerUnitCents = (listUnitCents: number, family: FamilyId, rules: PricingRules) =>
  contractUnitCents(listUnitCents, { family, series: 'any' }, pricingRulesPriceList(rules), '2026-01-01');

describe('pricing rules', () => {
  it('takes the discount, then adds the markup, rounding once half up to a cent', () => {
    expect(partnerUnitCents(10_000, 'wood-blinds', {})).toBe(10_000);
    expect(partnerUnitCents(10_000, 'wood-blinds', { discount: 0.1 })).toBe(9_000);
    expect(partnerUnitCents(10_000, 'wood-blinds', { discount: 0.1, markup: 0.05 })).toBe(9_450);
    // 1,999 x 0.875 = 1,749.125 → 1,749; 1,999 x 0.9 x 1.0125 = 1,821.58875 → 1,822
    expect(partnerUnitCents(1_999, 'mini-blinds', { discount: 0.125 })).toBe(1_749);
    expect(partnerUnitCents(1_999, 'mini-blinds', { discount: 0.1, markup: 0.0125 })).toBe(1_822);
  });

  it("uses a product's own rule for what it names, the top-level rule otherwise", () => {
    const rules = { discount: 0.1, markup: 0.02, byProduct: { 'wood-blinds': { discount: 0.2 } } };
    expect(partnerUnitCents(10_000, 'wood-blinds', rules)).toBe(8_160);
    expect(partnerUnitCents(10_000, 'roller-shades', rules)).toBe(9_180);
  });

  it('refuses text that is not JSON, or not the declared shape, naming the problem', () => {
    expect(parsePricingRulesText('{ discount: 0.1')).toEqual({ ok: false, message: PRICING_RULES_NOT_JSON_MESSAGE });
    const tooBig = parsePricingRulesText('{ "discount": 0.95 }');
    expect(tooBig.ok).toBe(false);
    expect(!tooBig.ok && tooBig.message).toMatch(/^Pricing rules must be valid JSON.*discount/);
    expect(parsePricingRulesText('{ "discont": 0.1 }').ok).toBe(false);
    expect(parsePricingRulesText('{ "byProduct": { "curtains": { "discount": 0.1 } } }').ok).toBe(false);
    expect(parsePricingRulesText('')).toEqual({ ok: true, rules: {} });
    expect(parsePricingRulesText('{ "markup": 0.05 }')).toEqual({ ok: true, rules: { markup: 0.05 } });
  });
});

describe('configuration form', () => {
  const schema = configurationInputSchema({ allowInsecureLocalhost: false });
  const form = { clientId: 'c-1', accountNumber: 'RP-1', propertyName: 'Oak Court', identity: 'oak-court' };

  it("answers the spec's save messages for what is missing", () => {
    const parsed = schema.safeParse({});
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject(CONFIGURATION_MESSAGES);
  });

  it('fills the defaults: RealPage with attribute lines, url-encoded return, blank values as not set, a secret to generate', () => {
    expect(
      newConfigurationSchema({ allowInsecureLocalhost: false }).parse({ ...form, dunsNumber: '', sharedSecret: '' }),
    ).toMatchObject({
      buyerSystem: 'RealPage',
      attributeLines: true,
      returnField: 'cxml-urlencoded',
      dunsNumber: null,
      sharedSecret: null,
      acceptsDocumentsWithoutSecret: false,
      pricingRules: {},
    });
    expect(schema.parse({ ...form, buyerSystem: 'Coupa' }).attributeLines).toBe(false);
  });

  it('takes https URLs, and http only for localhost where the stack allows it', () => {
    expect(schema.safeParse({ ...form, catalogUrl: 'https://buyer.example.com/catalog' }).success).toBe(true);
    expect(schema.safeParse({ ...form, catalogUrl: 'http://buyer.example.com/catalog' }).success).toBe(false);
    expect(schema.safeParse({ ...form, invoiceUrl: 'http://localhost:4000/invoices' }).success).toBe(false);
    const local = configurationInputSchema({ allowInsecureLocalhost: true });
    expect(local.safeParse({ ...form, invoiceUrl: 'http://localhost:4000/invoices' }).success).toBe(true);
    expect(local.safeParse({ ...form, invoiceUrl: 'http://buyer.example.com/invoices' }).success).toBe(false);
  });

  it('takes pricing rules as the JSON text and refuses text that is not JSON on the field', () => {
    expect(schema.parse({ ...form, pricingRules: '{ "discount": 0.1 }' }).pricingRules).toEqual({ discount: 0.1 });
    const parsed = schema.safeParse({ ...form, pricingRules: '{ "discount": ' });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['pricingRules'], message: PRICING_RULES_NOT_JSON_MESSAGE }),
    ]);
  });
});

describe('shared secrets', () => {
  const at = new Date('2025-03-01T12:00:00Z');
  const none: SharedSecrets = {
    sharedSecret: null,
    sharedSecretSetAt: null,
    previousSharedSecret: null,
    previousSharedSecretValidUntil: null,
  };
  const secretOf = (sharedSecret: string): SharedSecrets => ({
    ...none,
    sharedSecret,
    sharedSecretSetAt: at.toISOString(),
  });
  const strong = 'A'.repeat(16);

  it('are generated as 32 letters and digits', () => {
    const secret = generateSharedSecret();
    expect(secret).toHaveLength(GENERATED_SHARED_SECRET_LENGTH);
    expect([...secret].every((character) => SHARED_SECRET_ALPHABET.includes(character))).toBe(true);
    expect(generateSharedSecret()).not.toBe(secret);
  });

  it('when typed, have at least 16 characters; going without one is for a buyer system that sends none, and never with a typed one', () => {
    const create = newConfigurationSchema({ allowInsecureLocalhost: false });
    const form = { clientId: 'c-1', accountNumber: 'RP-1', propertyName: 'Oak Court', identity: 'oak-court' };
    const issues = (input: object) =>
      create.safeParse(input).error?.issues.map(({ path, message }) => [path.join('.'), message]);
    expect(issues({ ...form, sharedSecret: 'A'.repeat(15) })).toEqual([
      ['sharedSecret', SHARED_SECRET_MESSAGES.tooShort],
    ]);
    expect(create.parse({ ...form, sharedSecret: strong }).sharedSecret).toBe(strong);
    expect(issues({ ...form, acceptsDocumentsWithoutSecret: true })).toEqual([
      ['acceptsDocumentsWithoutSecret', SHARED_SECRET_MESSAGES.sentBySystem('RealPage')],
    ]);
    expect(
      issues({ ...form, buyerSystem: 'Other cXML', acceptsDocumentsWithoutSecret: true, sharedSecret: strong }),
    ).toEqual([['sharedSecret', SHARED_SECRET_MESSAGES.typedWithout]]);
    expect(
      create.parse({ ...form, buyerSystem: 'Other cXML', acceptsDocumentsWithoutSecret: true })
        .acceptsDocumentsWithoutSecret,
    ).toBe(true);
  });

  it('are set by a save that needs one and kept by one that does not; none are kept when staff let the buyer go without', () => {
    expect(secretsAfterSave(undefined, false, () => strong, at)).toEqual({
      secrets: secretOf(strong),
      newSharedSecret: strong,
    });
    const rotated = rotatedSecrets(secretOf(strong), 'B'.repeat(32), at);
    expect(secretsAfterSave(rotated, false, () => 'C'.repeat(32), at)).toEqual({
      secrets: rotated,
      newSharedSecret: null,
    });
    // Only the secrets: the record's other fields are the save's own.
    expect(
      secretsAfterSave({ ...rotated, propertyName: 'Before' } as SharedSecrets, false, () => 'C'.repeat(32), at)
        .secrets,
    ).toEqual(rotated);
    expect(secretsAfterSave(rotated, true, () => 'C'.repeat(32), at)).toEqual({ secrets: none, newSharedSecret: null });
    expect(secretsAfterSave(none, false, () => strong, at).newSharedSecret).toBe(strong);
  });

  it('accept the previous secret for 7 days after a rotation, then only the new one; never one shorter than 16 characters', () => {
    const rotated = rotatedSecrets(secretOf(strong), 'B'.repeat(32), at);
    expect(rotated.previousSharedSecretValidUntil).toBe('2025-03-08T12:00:00.000Z');
    expect(acceptedSecrets(rotated, new Date('2025-03-08T11:59:59Z'))).toEqual(['B'.repeat(32), strong]);
    expect(acceptedSecrets(rotated, new Date('2025-03-08T12:00:00Z'))).toEqual(['B'.repeat(32)]);
    expect(acceptedSecrets(secretOf('ab'), at)).toEqual([]);
    expect(acceptedSecrets(rotatedSecrets(secretOf('ab'), strong, at), at)).toEqual([strong]);
  });

  it('are warned of when missing, short, or left out by consent', () => {
    expect(credentialWarningOf({ ...secretOf(strong), acceptsDocumentsWithoutSecret: false })).toBeNull();
    expect(credentialWarningOf({ ...none, acceptsDocumentsWithoutSecret: true })).toMatch(
      /^Accepts documents without a shared secret/,
    );
    expect(credentialWarningOf({ ...none, acceptsDocumentsWithoutSecret: false })).toMatch(/^Has no shared secret/);
    expect(credentialWarningOf({ ...secretOf('ab'), acceptsDocumentsWithoutSecret: false })).toMatch(
      /shorter than 16 characters/,
    );
  });
});
