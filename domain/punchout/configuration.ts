/**
 * A procurement buyer's configuration (domain/punchout/README.md, "Configuration"): the form's
 * validation with the old shop's messages in its order, the stored record and the staff list's view
 * of it, the pricing rules, and the generated client password, and the shared secret's rules: its
 * length, generation, rotation with an overlap, and staff's explicit consent to go without one
 * (docs/decisions/0035). Browser and Lambda share it.
 */
import * as z from 'zod';
import { ACCOUNT_TYPES, type AccountType } from '../accounts/client';
import { passwordSchema } from '../accounts/registration';
import { FAMILY_IDS, type FamilyId } from '../catalogue/families';
import type { PriceList } from '../pricing/price-list';
import { isSingleLine, singleLineText } from '../text';

export const BUYER_SYSTEMS = ['RealPage', 'Coupa', 'SAP Ariba', 'Jaggaer', 'Other cXML'] as const;
export type BuyerSystem = (typeof BUYER_SYSTEMS)[number];

/**
 * The buyer systems whose setup and order requests carry a SharedSecret: a configuration of one of
 * them must have one; only another cXML buyer may be let in without one, and only when staff say so.
 */
export const BUYER_SYSTEMS_SENDING_A_SECRET: readonly BuyerSystem[] = ['RealPage', 'Coupa', 'SAP Ariba', 'Jaggaer'];

/** The one form field the cart is returned in (the buyer's return URL reads one of these). */
export const RETURN_FIELDS = ['cxml-urlencoded', 'cxml-base64'] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

/** Saving a configuration: what each missing field says, in the order the form checks them. */
export const CONFIGURATION_MESSAGES = {
  clientId: 'Please select a client or generate a client ID',
  accountNumber: 'Please enter a property account number',
  propertyName: 'Please enter a property name',
  identity: 'Please enter an identity',
} as const;

/** The fields a save checks first, in the spec's order: the form shows the first one missing. */
export const REQUIRED_CONFIGURATION_FIELDS = ['clientId', 'accountNumber', 'propertyName', 'identity'] as const;

/** The toasts and messages of the RealPage Config tab. */
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
  secretRotated: 'New shared secret generated',
  secretRotateFailed: (reason?: string) => `Failed to rotate the shared secret: ${reason || 'Unknown error'}`,
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
    .refine(
      (value) => Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6,
      `${label} may have at most four decimals.`,
    );

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
export const PRICING_RULES_EXAMPLE =
  '{ "discount": 0.1, "markup": 0.05, "byProduct": { "wood-blinds": { "discount": 0.15 } } }';

export const PRICING_RULES_NOT_JSON_MESSAGE = 'Pricing rules must be valid JSON.';
export const pricingRulesShapeMessage = (problem: string) =>
  `Pricing rules must be valid JSON of the declared shape (${problem}), e.g. ${PRICING_RULES_EXAMPLE}`;

/** The form's Pricing Rules text: blank is `{}`; text that is not JSON, or not the declared shape, is refused with the field's message. */
export function parsePricingRulesText(
  text: string,
): { ok: true; rules: PricingRules } | { ok: false; message: string } {
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
 * The price list a configuration's pricing rules make (pricing/price-list.ts): a family's blinds cost
 * list x (1 - discount) x (1 + markup), with the product's own rule where it has one. Both factors
 * are exact in parts per 10,000, so their product is an exact share, applied with the one rounding
 * by `contractUnitCents`. A partner's rules have no dates: they price while the configuration is active.
 */
export function pricingRulesPriceList(rules: PricingRules): PriceList {
  const shareOf = (family: FamilyId) => {
    const own = rules.byProduct?.[family];
    return (PARTS - partsOf(own?.discount ?? rules.discount)) * (PARTS + partsOf(own?.markup ?? rules.markup));
  };
  return {
    families: Object.fromEntries(FAMILY_IDS.map((family) => [family, shareOf(family)])),
    series: {},
    startsOn: null,
    endsOn: null,
  };
}

// ---------------------------------------------------------------------------------------------
// URLs and the form's field builders

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

// ---------------------------------------------------------------------------------------------
// The shared secret

/** A typed shared secret must have at least this many characters; a generated one has 32. */
export const SHARED_SECRET_MIN_LENGTH = 16;
export const GENERATED_SHARED_SECRET_LENGTH = 32;
/** Letters and digits only: every buyer system takes them in an XML element and in HTTP Basic alike. */
export const SHARED_SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** After a rotation the previous secret keeps working this long, so the buyer's system can be changed meanwhile. */
export const PREVIOUS_SECRET_OVERLAP_DAYS = 7;

export const SHARED_SECRET_MESSAGES = {
  tooShort: `The shared secret must be at least ${SHARED_SECRET_MIN_LENGTH} characters. Leave it empty to generate one.`,
  tooLong: 'The shared secret must be at most 512 characters.',
  characters: 'The shared secret contains characters that are not allowed.',
  sentBySystem: (system: BuyerSystem) =>
    `${system} sends a shared secret: a configuration for it cannot go without one.`,
  typedWithout: 'Leave the shared secret empty when documents without one are accepted.',
  rotateWithout: 'This configuration accepts documents without a shared secret: turn that off to give it one.',
} as const;

/**
 * A secret typed in the form (the buyer's system may dictate one): kept as typed (not trimmed: a
 * secret's spaces are part of it), at least 16 characters; blank or absent is null, "generate one".
 */
const typedSharedSecretSchema = z
  .string()
  .max(512, SHARED_SECRET_MESSAGES.tooLong)
  .refine(isSingleLine, SHARED_SECRET_MESSAGES.characters)
  .refine((value) => value === '' || [...value].length >= SHARED_SECRET_MIN_LENGTH, SHARED_SECRET_MESSAGES.tooShort)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/admin/punchout/configurations/{configId}/secret: a typed secret, or none to generate one. */
export const rotateSecretRequestSchema = z.object({ sharedSecret: typedSharedSecretSchema });

/**
 * A configuration's secrets, stored in its record and never answered to a browser after the answer
 * that set them. `previousSharedSecret` is the one a rotation replaced, accepted until
 * `previousSharedSecretValidUntil`.
 */
export interface SharedSecrets {
  sharedSecret: string | null;
  sharedSecretSetAt: string | null;
  previousSharedSecret: string | null;
  previousSharedSecretValidUntil: string | null;
}

const NO_SECRETS: SharedSecrets = {
  sharedSecret: null,
  sharedSecretSetAt: null,
  previousSharedSecret: null,
  previousSharedSecretValidUntil: null,
};

/** Cryptographic random bytes, from the platform (Web Crypto: the browser and Node alike). */
type RandomBytes = (bytes: Uint8Array) => Uint8Array;
const platformRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * `length` characters of `alphabet`, each equally likely: a random byte is used only below the
 * largest multiple of the alphabet's size (rejection sampling: no modulo bias).
 */
function randomText(alphabet: string, length: number, random: RandomBytes): string {
  const limit = 256 - (256 % alphabet.length);
  let text = '';
  while (text.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < limit && text.length < length) text += alphabet[byte % alphabet.length];
    }
  }
  return text;
}

/** A new shared secret: 32 letters and digits (about 190 bits). */
export function generateSharedSecret(random: RandomBytes = platformRandom): string {
  return randomText(SHARED_SECRET_ALPHABET, GENERATED_SHARED_SECRET_LENGTH, random);
}

/**
 * The secrets a save leaves: none when staff let the buyer in without one; the ones it has when it
 * has one; otherwise a new one (`newSecret`: the typed one, or a generated one), which the save's
 * answer shows once. A configuration saved without a secret before decision 0035 gets one on its
 * next save, unless staff let it go without.
 */
export function secretsAfterSave(
  previous: SharedSecrets | undefined,
  acceptsDocumentsWithoutSecret: boolean,
  newSecret: () => string,
  now: Date,
): { secrets: SharedSecrets; newSharedSecret: string | null } {
  if (acceptsDocumentsWithoutSecret) return { secrets: NO_SECRETS, newSharedSecret: null };
  if (previous?.sharedSecret) {
    const { sharedSecret, sharedSecretSetAt, previousSharedSecret, previousSharedSecretValidUntil } = previous;
    return {
      secrets: { sharedSecret, sharedSecretSetAt, previousSharedSecret, previousSharedSecretValidUntil },
      newSharedSecret: null,
    };
  }
  const sharedSecret = newSecret();
  return {
    secrets: { ...NO_SECRETS, sharedSecret, sharedSecretSetAt: now.toISOString() },
    newSharedSecret: sharedSecret,
  };
}

/** A rotation: the new secret, and the one it replaces accepted for another 7 days (only the last one replaced). */
export function rotatedSecrets(current: SharedSecrets, sharedSecret: string, now: Date): SharedSecrets {
  const overlapEnd = new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_DAYS * 24 * 3600 * 1000);
  return {
    sharedSecret,
    sharedSecretSetAt: now.toISOString(),
    previousSharedSecret: current.sharedSecret,
    previousSharedSecretValidUntil: current.sharedSecret ? overlapEnd.toISOString() : null,
  };
}

const strongEnough = (secret: string | null): secret is string =>
  secret !== null && [...secret].length >= SHARED_SECRET_MIN_LENGTH;

/**
 * The secrets a document or a Basic password may carry at `now`: the current one, and the previous
 * one until its overlap ends. A secret shorter than the minimum (saved before the rule) is none.
 */
export function acceptedSecrets(configuration: SharedSecrets, now: Date): string[] {
  const previousValid =
    configuration.previousSharedSecretValidUntil !== null &&
    now.getTime() < Date.parse(configuration.previousSharedSecretValidUntil);
  return [configuration.sharedSecret, previousValid ? configuration.previousSharedSecret : null].filter(strongEnough);
}

/** What the form and the System Monitor warn of, by case (`credentialWarningOf`). */
export const CREDENTIAL_WARNINGS = {
  withoutSecret:
    'Accepts documents without a shared secret: anyone who knows its identity can open sessions and place orders on invoice as this property.',
  missing:
    'Has no shared secret: it accepts no documents until one is generated (save it) or staff let it go without one.',
  short: `Its shared secret is shorter than ${SHARED_SECRET_MIN_LENGTH} characters: it accepts no documents until the secret is rotated.`,
} as const;

/**
 * What staff must know about a configuration's credentials, or null: the form and the System
 * Monitor show it. Going without a secret is allowed, never quiet.
 */
export function credentialWarningOf(
  configuration: SharedSecrets & { acceptsDocumentsWithoutSecret: boolean },
): string | null {
  if (configuration.acceptsDocumentsWithoutSecret) return CREDENTIAL_WARNINGS.withoutSecret;
  if (configuration.sharedSecret === null) return CREDENTIAL_WARNINGS.missing;
  if (!strongEnough(configuration.sharedSecret)) return CREDENTIAL_WARNINGS.short;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The form and the record

/** The form's fields, without the shared secret (which a save generates, or takes typed, and never reads back). */
function configurationFields(rules: UrlRules) {
  return z.object({
    clientId: requiredLine('clientId', 'Client', 128),
    accountNumber: requiredLine('accountNumber', 'Property account number', 100),
    propertyName: requiredLine('propertyName', 'Property name', 200),
    identity: requiredLine('identity', 'Identity', 200),
    active: z.boolean().default(true),
    /** Staff's explicit consent that this buyer's documents carry no shared secret (never for a system that sends one). */
    acceptsDocumentsWithoutSecret: z.boolean().default(false),
    dunsNumber: optionalLine('DUNS number', 50),
    networkId: optionalLine('Network id', 200),
    senderIdentity: optionalLine('Sender identity', 200),
    catalogUrl: optionalUrl('Catalog URL', rules),
    punchoutUrl: optionalUrl('Punch-out URL', rules),
    invoiceUrl: optionalUrl('Invoice URL', rules),
    allowBackorders: z.boolean().default(false),
    defaultAvailability: z.boolean().default(true),
    pricingRules: pricingRulesField,
    buyerSystem: z
      .enum(BUYER_SYSTEMS, { error: `The buyer system must be one of ${BUYER_SYSTEMS.join(', ')}.` })
      .default('RealPage'),
    returnField: z
      .enum(RETURN_FIELDS, { error: 'The return field must be cxml-urlencoded or cxml-base64.' })
      .default('cxml-urlencoded'),
    /** The old integration's zero-price attribute lines: on for RealPage unless the form says otherwise. */
    attributeLines: z.boolean().optional(),
  });
}

function withoutSecretAllowed(
  input: { acceptsDocumentsWithoutSecret: boolean; buyerSystem: BuyerSystem },
  context: z.RefinementCtx,
) {
  if (input.acceptsDocumentsWithoutSecret && BUYER_SYSTEMS_SENDING_A_SECRET.includes(input.buyerSystem)) {
    context.addIssue({
      code: 'custom',
      path: ['acceptsDocumentsWithoutSecret'],
      message: SHARED_SECRET_MESSAGES.sentBySystem(input.buyerSystem),
    });
  }
}

const withAttributeLines = <T extends { attributeLines?: boolean; buyerSystem: BuyerSystem }>({
  attributeLines,
  ...input
}: T) => ({
  ...input,
  attributeLines: attributeLines ?? input.buyerSystem === 'RealPage',
});

/**
 * What the form sends to update a configuration (PUT /api/admin/punchout/configurations/{configId}).
 * The four required fields carry the spec's messages. No shared secret: it is changed only by a
 * rotation, or generated when staff stop letting the buyer go without one.
 */
export function configurationInputSchema(rules: UrlRules) {
  return configurationFields(rules).superRefine(withoutSecretAllowed).transform(withAttributeLines);
}

/**
 * What the form sends to create a configuration (POST /api/admin/punchout/configurations): the
 * fields above and, optionally, a typed shared secret (the buyer's own); none means "generate one".
 */
export function newConfigurationSchema(rules: UrlRules) {
  return configurationFields(rules)
    .extend({ sharedSecret: typedSharedSecretSchema })
    .superRefine((input, context) => {
      withoutSecretAllowed(input, context);
      if (input.acceptsDocumentsWithoutSecret && input.sharedSecret !== null) {
        context.addIssue({ code: 'custom', path: ['sharedSecret'], message: SHARED_SECRET_MESSAGES.typedWithout });
      }
    })
    .transform(withAttributeLines);
}

export type ConfigurationFormInput = z.input<ReturnType<typeof newConfigurationSchema>>;
export type ConfigurationInput = z.output<ReturnType<typeof configurationInputSchema>>;

/** The stored configuration (one table item); `version` counts saves, so two staff saving at once cannot overwrite each other. */
export interface PunchoutConfiguration extends ConfigurationInput, SharedSecrets {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A configuration as staff's browser sees it: never a secret, only whether one is set and what to be warned of. */
export type ConfigurationView = Omit<PunchoutConfiguration, 'sharedSecret' | 'previousSharedSecret'> & {
  hasSharedSecret: boolean;
  credentialWarning: string | null;
};

/** The answer of a save or a rotation: the configuration, and the secret it just set, shown this once (null when none was set). */
export type SavedConfiguration = ConfigurationView & { newSharedSecret: string | null };

/** A configuration in the staff list, with its client's name. */
export type ConfigurationSummary = ConfigurationView & {
  client: { id: string; name: string; email: string } | null;
};

export function configurationView(configuration: PunchoutConfiguration): ConfigurationView {
  const { sharedSecret, previousSharedSecret: _previous, ...rest } = configuration;
  return { ...rest, hasSharedSecret: sharedSecret !== null, credentialWarning: credentialWarningOf(configuration) };
}

export function configurationSummary(
  configuration: PunchoutConfiguration,
  client: ConfigurationSummary['client'],
): ConfigurationSummary {
  return { ...configurationView(configuration), client };
}

/**
 * What the integration tests' "configuration validation" finds wrong with a stored configuration:
 * the form's own rules again (a rule may have tightened since it was saved), and a secret that lets
 * no document in (missing without staff's consent, or shorter than the minimum). Empty when it is valid.
 */
export function configurationProblems(configuration: PunchoutConfiguration, rules: UrlRules): string[] {
  const problems: string[] = [];
  const parsed = configurationInputSchema(rules).safeParse(configuration);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push(`${issue.path.join('.') || 'configuration'}: ${issue.message}`);
  const warning = credentialWarningOf(configuration);
  if (warning && !configuration.acceptsDocumentsWithoutSecret) problems.push(`sharedSecret: ${warning}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Clients made from the form, and their generated password

/** The generated password's alphabet: A-Z, a-z, 0-9 and these 8 symbols, 70 characters. None needs escaping in a URL, JSON, XML or a shell's single quotes. */
export const PASSWORD_SYMBOLS = '!@#$%^&*';
export const PASSWORD_ALPHABET = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789${PASSWORD_SYMBOLS}`;
export const GENERATED_PASSWORD_LENGTH = 12;

/**
 * A random 12-character password from the 70-character alphabet, each character equally likely
 * (`randomText`). A password the user pool would refuse (no upper-case letter, lower-case letter or
 * digit: about 1 in 5) is drawn again whole, so every acceptable password stays equally likely.
 */
export function generatePassword(random: RandomBytes = platformRandom): string {
  for (;;) {
    const password = randomText(PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH, random);
    if (passwordSchema.safeParse(password).success) return password;
  }
}

/** The admin form's default account type. */
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
  accountType: z
    .enum(ACCOUNT_TYPES, { error: `The account type must be one of ${ACCOUNT_TYPES.join(', ')}.` })
    .default(DEFAULT_CLIENT_ACCOUNT_TYPE),
  password: passwordSchema,
});
export type PunchoutClientInput = z.infer<typeof punchoutClientSchema>;
