import * as z from 'zod';
import { businessFacts, businessSettingsSchema, type BusinessFacts } from '#domain/business';

/**
 * Every setting a handler reads, validated in one place. The same handlers run on Lambda and on the
 * local stack: only these values differ. Service endpoints are not settings of ours: the AWS SDK
 * reads AWS_ENDPOINT_URL (LocalStack) and AWS_ENDPOINT_URL_<SERVICE> (the local stack) itself.
 */
const configSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** The single DynamoDB table. */
  TABLE_NAME: z.string().min(1),
  /** EventBridge bus that producers publish to. */
  EVENT_BUS_NAME: z.string().min(1),
  /** Private bucket for uploads (resumes, invoice files). */
  UPLOADS_BUCKET: z.string().min(1),
  /** s3rver and LocalStack need path-style bucket addressing. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /**
   * Issuer of the access tokens the API accepts, and where its signing keys are published.
   * Default: Cognito's own URLs for USER_POOL_ID; the local stack points both at cognito-local.
   */
  JWT_ISSUER: z.url().optional(),
  JWKS_URI: z.url().optional(),
  /** Sender of every mail the shop sends (an SES-verified identity in production), with or without a display name. */
  MAIL_FROM: z
    .string()
    .refine((v) => z.email().safeParse(/<([^<>]+)>\s*$/.exec(v)?.[1] ?? v).success, 'Invalid email address'),
  /** Where mail for staff goes: contact messages, new chats, job applications. */
  STAFF_EMAIL: z.email(),
  /** Public origin of the site, for links in mails. */
  SITE_URL: z.url(),
  /**
   * The WebSocket API's @connections endpoint, for handlers that push to browsers
   * (https://{apiId}.execute-api.{region}.amazonaws.com/{stage} on AWS).
   */
  WEBSOCKET_MANAGEMENT_URL: z.url().optional(),
});

export type Config = z.infer<typeof configSchema> & { jwtIssuer: string; jwksUri: string };

/**
 * The deployment settings alone. A Cognito trigger gets only these: the user pool invokes its
 * function, so the function cannot be told the pool, nor anything deployed after it.
 */
const settingsSchema = configSchema.pick({ AWS_REGION: true, MAIL_FROM: true, STAFF_EMAIL: true, SITE_URL: true });

export type SettingsConfig = z.infer<typeof settingsSchema>;

/**
 * Stripe, for the payment handlers only (the keys are secrets: no other function is given them).
 * Without the API settings the SDK reaches api.stripe.com; the local stack points them at its
 * Stripe stand-in and sets a key and webhook secret it generated.
 */
const stripeSchema = z.object({
  /** A secret (`sk_`) or restricted (`rk_`) API key. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'Expected a Stripe secret key (sk_test_…, sk_live_…)'),
  /** Signing secret of the webhook endpoint that receives the shop's Stripe events. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'Expected a webhook signing secret (whsec_…)'),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
});

export type StripeSettings = z.infer<typeof stripeSchema>;

/**
 * The HTTP API's origin check (functions/lib/http.ts): the Secrets Manager secret CloudFront sends in
 * x-origin-verify. The CDK sets it on every HTTP route function; the local stack sets none (nothing
 * reaches its handlers but through its own server), and then the check is off.
 */
const originCheckSchema = z.object({
  ORIGIN_VERIFY_SECRET_ARN: z
    .string()
    .regex(/^arn:aws[\w-]*:secretsmanager:/, 'Expected a Secrets Manager secret ARN')
    .optional(),
});

export type OriginCheckSettings = z.infer<typeof originCheckSchema>;

/** The webhook delivery queue (functions/webhooks), for the handlers granted `webhooks:enqueue`. */
const webhookQueueSchema = z.object({ WEBHOOK_QUEUE_URL: z.url() });

/**
 * Whether the requests the shop sends to typed addresses (functions/lib/outgoing-request.ts) may be
 * http:// and reach loopback addresses: set by the local stack only, whose receivers listen on this
 * machine. AWS never sets it: there it would let staff aim the shop's requests at its own machine.
 */
const outgoingRequestSchema = z.object({
  OUTGOING_REQUESTS_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/**
 * The dead-letter recorder's map from a consumer's (or scheduled job's) Lambda function name to its
 * id, set by the events stack as JSON pairs: a failed delivery names only the function.
 */
const deadLetterSchema = z.object({
  DEAD_LETTER_TARGETS: z
    .string()
    .transform((text, context) => {
      try {
        return z.array(z.tuple([z.string(), z.string()])).parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'Expected JSON pairs [functionName, consumerId]' });
        return z.NEVER;
      }
    })
    .default([]),
});

export type DeadLetterSettings = z.infer<typeof deadLetterSchema>;

/**
 * The HMAC key of the reschedule/cancel links mailed with an appointment (functions/appointments/token.ts).
 * On AWS resolved at deploy time from the secret hill-brook-blinds/appointment-token; the local stack generates one.
 */
const appointmentTokenSchema = z.object({
  APPOINTMENT_TOKEN_KEY: z.string().min(32, 'Expected at least 32 characters of key'),
});

/**
 * The HMAC key of customer quotes' share links (functions/customer-quotes/quote-link.ts). On AWS
 * resolved at deploy time from the secret hill-brook-blinds/quote-link; the local stack generates one.
 */
const quoteLinkSchema = z.object({
  QUOTE_LINK_KEY: z.string().min(32, 'Expected at least 32 characters of key'),
});

/**
 * The business's facts (domain/business.ts) as JSON: from the CDK context `business` on AWS, from
 * config/business.local.json on the local stack and in unit tests. Every function is given them.
 */
const businessSchema = z.object({
  BUSINESS_SETTINGS: z.string().transform((text, context) => {
    try {
      return businessSettingsSchema.parse(JSON.parse(text));
    } catch (error) {
      const problems =
        error instanceof z.ZodError
          ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ')
          : 'not JSON';
      context.addIssue({ code: 'custom', message: `Expected the business settings as JSON (${problems})` });
      return z.NEVER;
    }
  }),
});

let cachedBusiness: BusinessFacts | undefined;
let cachedQuoteLink: z.infer<typeof quoteLinkSchema> | undefined;
let cachedAppointmentToken: z.infer<typeof appointmentTokenSchema> | undefined;
let cached: Config | undefined;
let cachedSettings: SettingsConfig | undefined;
let cachedStripe: StripeSettings | undefined;
let cachedOriginCheck: OriginCheckSettings | undefined;
let cachedDeadLetter: DeadLetterSettings | undefined;
let cachedWebhookQueue: z.infer<typeof webhookQueueSchema> | undefined;
let cachedOutgoingRequest: z.infer<typeof outgoingRequestSchema> | undefined;

/** Parses process.env once per Lambda instance; a missing or malformed variable is named. */
export function config(): Config {
  if (cached) return cached;
  const env = parseEnvironment(configSchema);
  const jwtIssuer = env.JWT_ISSUER ?? `https://cognito-idp.${env.AWS_REGION}.amazonaws.com/${env.USER_POOL_ID}`;
  cached = { ...env, jwtIssuer, jwksUri: env.JWKS_URI ?? `${jwtIssuer}/.well-known/jwks.json` };
  return cached;
}

/**
 * The business's name, phone, e-mail, address and the rest, with the office hours of its settings
 * (staff's saved hours are read from the table: functions/admin/opening-hours-store.ts).
 */
export function businessConfig(): BusinessFacts {
  return (cachedBusiness ??= businessFacts(parseEnvironment(businessSchema).BUSINESS_SETTINGS));
}

/** The deployment settings, for handlers whose environment holds nothing else (Cognito triggers). */
export function settingsConfig(): SettingsConfig {
  return (cachedSettings ??= parseEnvironment(settingsSchema));
}

/** The Stripe settings, for the checkout, webhook and refund handlers. */
export function stripeConfig(): StripeSettings {
  return (cachedStripe ??= parseEnvironment(stripeSchema));
}

/** The origin check's secret, for the wrapper of every HTTP handler. */
export function originCheckConfig(): OriginCheckSettings {
  return (cachedOriginCheck ??= parseEnvironment(originCheckSchema));
}

/** The webhook delivery queue's URL. */
export function webhookQueueConfig(): z.infer<typeof webhookQueueSchema> {
  return (cachedWebhookQueue ??= parseEnvironment(webhookQueueSchema));
}

/** Whether outgoing requests may go to http:// and loopback URLs (the local stack only). */
export function outgoingRequestConfig(): z.infer<typeof outgoingRequestSchema> {
  return (cachedOutgoingRequest ??= parseEnvironment(outgoingRequestSchema));
}

/** The appointment links' signing key, for the handlers granted `appointments:token`. */
export function appointmentTokenConfig(): z.infer<typeof appointmentTokenSchema> {
  return (cachedAppointmentToken ??= parseEnvironment(appointmentTokenSchema));
}

/** The quote share links' signing key, for the handlers granted `quotes:link`. */
export function quoteLinkConfig(): z.infer<typeof quoteLinkSchema> {
  return (cachedQuoteLink ??= parseEnvironment(quoteLinkSchema));
}

/** The consumers' function names, for the dead-letter recorder. */
export function deadLetterConfig(): DeadLetterSettings {
  return (cachedDeadLetter ??= parseEnvironment(deadLetterSchema));
}

function parseEnvironment<T extends z.ZodType>(schema: T): z.infer<T> {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment configuration: ${problems}`);
  }
  return parsed.data;
}

/** For the local stack and tests, which set process.env before the first handler call. */
export function resetConfigCache(): void {
  cached = undefined;
  cachedSettings = undefined;
  cachedStripe = undefined;
  cachedOriginCheck = undefined;
  cachedDeadLetter = undefined;
  cachedWebhookQueue = undefined;
  cachedOutgoingRequest = undefined;
  cachedAppointmentToken = undefined;
  cachedQuoteLink = undefined;
  cachedBusiness = undefined;
}
