/**
 * A procurement buyer's configuration (domain/punchout/README.md, "Configuration"; accounts spec
 * sections 2, 3 realpage_configurations, 4 and 5): the form's validation with the spec's messages in
 * the spec's order, the stored record and the staff list's view of it, the pricing rules, and the
 * generated client password. Browser and Lambda share it.
 */
import * as z from 'zod';
import { ACCOUNT_TYPES, type AccountType } from '../accounts/client';
import { passwordSchema } from '../accounts/registration';
import { FAMILY_IDS, type FamilyId } from '../catalogue/families';
import { mulDivRoundHalfUp } from '../pricing/money';
import { isSingleLine, singleLineText } from '../text';

export const BUYER_SYSTEMS = ['RealPage', 'Coupa', 'SAP Ariba', 'Jaggaer', 'Other cXML'] as const;
export type BuyerSystem = (typeof BUYER_SYSTEMS)[number];

/**
 * The buyer systems whose setup and order requests carry a SharedSecret: a configuration of one of
 * them without a secret fails the integration tests' configuration validation (it still saves, and
 * the cXML endpoint then accepts a Sender without a secret, as the contract says).
 */
export const BUYER_SYSTEMS_SENDING_A_SECRET: readonly BuyerSystem[] = ['RealPage', 'Coupa', 'SAP Ariba', 'Jaggaer'];

/** The one form field the cart is returned in (the buyer's return URL reads one of these). */
export const RETURN_FIELDS = ['cxml-urlencoded', 'cxml-base64'] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

/** Section 5, "Configuration save", in the order the form checks them. */
export const CONFIGURATION_MESSAGES = {
  clientId: 'Please select a client or generate a client ID',
  accountNumber: 'Please enter a property account number',
  propertyName: 'Please enter a property name',
  identity: 'Please enter an identity',
} as const;

/** The fields a save checks first, in the spec's order: the form shows the first one missing. */
export const REQUIRED_CONFIGURATION_FIELDS = ['clientId', 'accountNumber', 'propertyName', 'identity'] as const;

/** Section 8's toasts and messages of the RealPage Config tab. */
export const CONFIGURATION_TOASTS = {
  created: 'Configuration created successfully',
  updated: 'Configuration updated successfully',
  createFailed: (reason?: string) => `Failed to create configuration: ${reason || 'Unknown error'}`,
  updateFailed: (reason?: string) => `Failed to update configuration: ${reason || 'Unknown error'}`,
  saveFailed: 'Failed to save configuration',
  clientSaveFailed: (reason: string) => `Failed to save client information: ${reason}`,
  loadClientsFailed: 'Failed to load clients',
  loadConfigurationsFailed: 'Failed to load RealPage configurations',
  testSucceeded: 'Configuration test successful',
  testFailed: 'Configuration test failed',
  integrationTestsPassed: 'RealPage integration tests passed!',
  integrationTestsFailed: 'RealPage integration test failed.',
  passwordGenerated: 'Generated secure password',
} as const;

/** 409s of a save: the account number and the identity are unique (each names one property). */
export const TAKEN_MESSAGES = {
  accountNumber: 'This property account number is already used by another configuration.',
  identity: 'This identity is already used by another configuration.',
} as const;

// ---------------------------------------------------------------------------------------------
// Pricing rules

/** A price factor as a fraction with at most four decimals (0.125 is 12.5%), so every factor is exact in parts per 10,000. */
const fraction = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number from 0 to ${max}.` })
    .min(0, `${label} must be a number from 0 to ${max}.`)
    .max(max, `${label} must be a number from 0 to ${max}.`)
    .refine((value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6, `${label} may have at most four decimals.`);

const priceAdjustmentSchema = z.strictObject({
  discount: fraction('discount', 0.9).optional(),
  markup: fraction('markup', 1).optional(),
});

/**
 * A configuration's pricing rules, as staff type them in the form's Pricing Rules box (JSON):
 * `{ "discount"?: 0..0.9, "markup"?: 0..1, "byProduct"?: { "<product>": { "discount"?, "markup"? } } }`.
 * `discount` 0.1 takes 10% off the retail price; `markup` 0.05 adds 5% to what the discount left.
 * A product (a family id: faux-wood-blinds, wood-blinds, roller-shades, vertical-blinds, mini-blinds)
 * named under `byProduct` replaces the top-level discount and markup it names for that product.
 * `{}` is retail price. Unknown keys are refused, so a misspelt rule is never silently ignored.
 */
export const pricingRulesSchema = priceAdjustmentSchema.extend({
  byProduct: z.partialRecord(z.enum(FAMILY_IDS), priceAdjustmentSchema).optional(),
});
export type PricingRules = z.infer<typeof pricingRulesSchema>;

/** The declared shape, as the form's help shows it. */
export const PRICING_RULES_EXAMPLE = '{ "discount": 0.1, "markup": 0.05, "byProduct": { "wood-blinds": { "discount": 0.15 } } }';

export const PRICING_RULES_NOT_JSON_MESSAGE = 'Pricing rules must be valid JSON.';
export const pricingRulesShapeMessage = (problem: string) =>
  `Pricing rules must be valid JSON of the declared shape (${problem}), e.g. ${PRICING_RULES_EXAMPLE}`;

/** The form's Pricing Rules text: blank is `{}`; text that is not JSON, or not the declared shape, is refused with the field's message. */
export function parsePricingRulesText(text: string): { ok: true; rules: PricingRules } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, rules: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: PRICING_RULES_NOT_JSON_MESSAGE };
  }
  return pricingRulesOf(value);
}

function pricingRulesOf(value: unknown): { ok: true; rules: PricingRules } | { ok: false; message: string } {
  const parsed = pricingRulesSchema.safeParse(value);
  if (parsed.success) return { ok: true, rules: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, message: pricingRulesShapeMessage(`${where}${issue.message}`) };
}

const PARTS = 10_000;
const partsOf = (value: number | undefined) => Math.round((value ?? 0) * PARTS);

/**
 * The unit price a buyer pays for a product of `productKind` retailing at `retailCents`: retail x
 * (1 - discount) x (1 + markup), with the product's own rule where it has one. Integer cents, rounded
 * once, half up (the pricing engine's rule, domain/pricing/money.ts): both factors are exact in parts
 * per 10,000, multiplied before the one rounding.
 */
export function applyPricingRules(retailCents: number, productKind: FamilyId, rules: PricingRules): number {
  const own = rules.byProduct?.[productKind];
  const discount = partsOf(own?.discount ?? rules.discount);
  const markup = partsOf(own?.markup ?? rules.markup);
  return mulDivRoundHalfUp(retailCents, (PARTS - discount) * (PARTS + markup), PARTS * PARTS);
}

// ---------------------------------------------------------------------------------------------
// The form and the record

export interface UrlRules {
  /** The local stack serves itself over http://localhost; on AWS every URL must be https. */
  allowInsecureLocalhost: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `text` is an absolute https URL (or, where allowed, http on this machine). */
export function isAcceptedUrl(text: string, { allowInsecureLocalhost }: UrlRules): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return allowInsecureLocalhost && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}

/**
 * The URL rules of the shop at `siteUrl`: the local stack is the one shop served over
 * http://localhost, and only there may a configuration point at http://localhost (a buyer stand-in
 * in tests and development). On AWS the site is https and so must every URL be.
 */
export function urlRulesForSite(siteUrl: string): UrlRules {
  const site = new URL(siteUrl);
  return { allowInsecureLocalhost: site.protocol === 'http:' && LOCAL_HOSTS.has(site.hostname) };
}

export function urlMessage(label: string, rules: UrlRules): string {
  return `${label} must be an https:// URL${rules.allowInsecureLocalhost ? ' (or http://localhost on this machine)' : ''}.`;
}

/** An optional one-line field: blank (or null, as the record holds it) is "not set", which the cards show as Not set. */
const optionalLine = (label: string, max: number) =>
  singleLineText(label)
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalUrl = (label: string, rules: UrlRules) =>
  singleLineText(label)
    .max(2048, `${label} must be at most 2048 characters.`)
    .refine((value) => value === '' || isAcceptedUrl(value, rules), urlMessage(label, rules))
    .nullish()
    .transform((value) => (value ? value : null));

const requiredLine = (field: (typeof REQUIRED_CONFIGURATION_FIELDS)[number], label: string, max: number) =>
  singleLineText(label, { error: CONFIGURATION_MESSAGES[field] })
    .min(1, CONFIGURATION_MESSAGES[field])
    .max(max, `${label} must be at most ${max} characters.`);

/** The Pricing Rules field: the form's JSON text, or the rules themselves. */
const pricingRulesField = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null) return {};
    const result = typeof value === 'string' ? parsePricingRulesText(value) : pricingRulesOf(value);
    if (result.ok) return result.rules;
    context.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/**
 * What the form sends to create or update a configuration (POST / PUT
 * /api/admin/punchout/configurations). The four required fields carry the spec's messages; the
 * shared secret is kept as typed (not trimmed: a secret's spaces are part of it), blank meaning none.
 */
export function configurationInputSchema(rules: UrlRules) {
  return z
    .object({
      clientId: requiredLine('clientId', 'Client', 128),
      accountNumber: requiredLine('accountNumber', 'Property account number', 100),
      propertyName: requiredLine('propertyName', 'Property name', 200),
      identity: requiredLine('identity', 'Identity', 200),
      active: z.boolean().default(true),
      sharedSecret: z
        .string()
        .max(512, 'The shared secret must be at most 512 characters.')
        .refine(isSingleLine, 'The shared secret contains characters that are not allowed.')
        .nullish()
        .transform((value) => (value ? value : null)),
      dunsNumber: optionalLine('DUNS number', 50),
      networkId: optionalLine('Network id', 200),
      senderIdentity: optionalLine('Sender identity', 200),
      catalogUrl: optionalUrl('Catalog URL', rules),
      punchoutUrl: optionalUrl('Punch-out URL', rules),
      invoiceUrl: optionalUrl('Invoice URL', rules),
      allowBackorders: z.boolean().default(false),
      defaultAvailability: z.boolean().default(true),
      pricingRules: pricingRulesField,
      buyerSystem: z.enum(BUYER_SYSTEMS, { error: `The buyer system must be one of ${BUYER_SYSTEMS.join(', ')}.` }).default('RealPage'),
      returnField: z.enum(RETURN_FIELDS, { error: 'The return field must be cxml-urlencoded or cxml-base64.' }).default('cxml-urlencoded'),
      /** The old integration's zero-price attribute lines: on for RealPage unless the form says otherwise. */
      attributeLines: z.boolean().optional(),
    })
    .transform(({ attributeLines, ...input }) => ({ ...input, attributeLines: attributeLines ?? input.buyerSystem === 'RealPage' }));
}

export type ConfigurationFormInput = z.input<ReturnType<typeof configurationInputSchema>>;
export type ConfigurationInput = z.output<ReturnType<typeof configurationInputSchema>>;

/** The stored configuration (one table item); `version` counts saves, so two staff saving at once cannot overwrite each other. */
export interface PunchoutConfiguration extends ConfigurationInput {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A configuration in the staff list: never the shared secret, only whether one is set; with its client's name. */
export type ConfigurationSummary = Omit<PunchoutConfiguration, 'sharedSecret'> & {
  hasSharedSecret: boolean;
  client: { id: string; name: string; email: string } | null;
};

export function configurationSummary(configuration: PunchoutConfiguration, client: ConfigurationSummary['client']): ConfigurationSummary {
  const { sharedSecret, ...rest } = configuration;
  return { ...rest, hasSharedSecret: sharedSecret !== null, client };
}

/**
 * What the integration tests' "configuration validation" finds wrong with a stored configuration:
 * the form's own rules again (a rule may have tightened since it was saved), and a shared secret for
 * a buyer system that sends one. Empty when it is valid.
 */
export function configurationProblems(configuration: PunchoutConfiguration, rules: UrlRules): string[] {
  const problems: string[] = [];
  const parsed = configurationInputSchema(rules).safeParse(configuration);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.') || 'configuration'}: ${issue.message}`);
  if (configuration.sharedSecret === null && BUYER_SYSTEMS_SENDING_A_SECRET.includes(configuration.buyerSystem)) {
    problems.push(`sharedSecret: ${configuration.buyerSystem} sends a shared secret, and none is set.`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Clients made from the form, and their generated password

/** Section 9: A-Z, a-z, 0-9 and these 8 symbols, 70 characters. None needs escaping in a URL, JSON, XML or a shell's single quotes. */
export const PASSWORD_SYMBOLS = '!@#$%^&*';
export const PASSWORD_ALPHABET = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789${PASSWORD_SYMBOLS}`;
export const GENERATED_PASSWORD_LENGTH = 12;

/**
 * A random 12-character password from the 70-character alphabet, from the platform's cryptographic
 * generator (Web Crypto: the browser and Node alike). A random byte is used only below 210 (3 x 70),
 * so each character is equally likely (rejection sampling: no modulo bias). A password the user
 * pool would refuse (no upper-case letter, lower-case letter or digit: about 1 in 5) is drawn again
 * whole, so every acceptable password stays equally likely.
 */
export function generatePassword(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const alphabetSize = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % alphabetSize);
  for (;;) {
    let password = '';
    while (password.length < GENERATED_PASSWORD_LENGTH) {
      for (const byte of random(new Uint8Array(GENERATED_PASSWORD_LENGTH * 2))) {
        if (byte < limit && password.length < GENERATED_PASSWORD_LENGTH) password += PASSWORD_ALPHABET[byte % alphabetSize];
      }
    }
    if (passwordSchema.safeParse(password).success) return password;
  }
}

/** Section 9: the admin form's default account type. */
export const DEFAULT_CLIENT_ACCOUNT_TYPE: AccountType = 'individual';

/**
 * POST /api/admin/punchout/clients: the sign-in account and client record staff create from the
 * Client tab, with the password they generated or typed (the user pool's rule) and an account type.
 */
export const punchoutClientSchema = z.object({
  firstName: singleLineText('First name').min(1, 'Please enter a first name.').max(100),
  lastName: singleLineText('Last name').min(1, 'Please enter a last name.').max(100),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.')),
  phone: optionalLine('Phone', 30),
  accountType: z.enum(ACCOUNT_TYPES, { error: `The account type must be one of ${ACCOUNT_TYPES.join(', ')}.` })
    .default(DEFAULT_CLIENT_ACCOUNT_TYPE),
  password: passwordSchema,
});
export type PunchoutClientInput = z.infer<typeof punchoutClientSchema>;
