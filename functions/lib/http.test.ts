import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { contactMessageSchema } from '#domain/contact';
import { Conflict, Gone, Invalid, NotFound } from '#domain/errors';
import { FIELD_CHARACTERS_NOT_ALLOWED } from '#domain/text';
import { resetConfigCache } from './config';
import { httpHandler, json, ORIGIN_VERIFY_HEADER, parseBody, parseQuery, type HttpEvent } from './http';

function eventWithBody(body: string | undefined, isBase64Encoded = false): HttpEvent {
  return { body, isBase64Encoded, routeKey: 'POST /api/test', requestContext: { requestId: 'request-1' } } as HttpEvent;
}

const echoContact = httpHandler(async (event) => json(201, parseBody(event, contactMessageSchema)));

describe('API request validation', () => {
  it('answers 400 naming every bad field with the form message', async () => {
    const result = await echoContact(
      eventWithBody(JSON.stringify({ name: ' ', email: 'not-an-email', subject: 'Hi' })),
      {} as Context,
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toEqual({
      message: 'Please correct the highlighted fields.',
      fieldErrors: {
        name: 'Please enter your name.',
        email: 'Please enter a valid email address.',
        message: 'Please enter a message.',
      },
    });
  });

  it('asks for the order number only when the customer says there is an order', async () => {
    const base = { name: 'Ana', email: 'ana@example.com', subject: 'Install', message: 'When?' };
    const withOrder = await echoContact(
      eventWithBody(JSON.stringify({ ...base, hasExistingOrder: true })),
      {} as Context,
    );
    expect(JSON.parse(withOrder.body!).fieldErrors).toEqual({ orderNumber: 'Please enter your order number.' });
    const without = await echoContact(eventWithBody(JSON.stringify(base)), {} as Context);
    expect(without.statusCode).toBe(201);
  });

  it('trims and lowercases what it keeps, and reads base64 bodies', async () => {
    const body = Buffer.from(
      JSON.stringify({ name: ' Ana ', email: ' ANA@Example.com ', subject: 's', message: 'm' }),
    ).toString('base64');
    const result = await echoContact(eventWithBody(body, true), {} as Context);
    expect(JSON.parse(result.body!)).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
      phone: '',
      hasExistingOrder: false,
    });
  });

  it('holds every string of a body and a query to the text rules, a field without a text builder too', async () => {
    const echo = httpHandler(async (event) =>
      json(200, {
        body: parseBody(event, z.object({ url: z.string(), tags: z.array(z.string()) })),
        query: parseQuery(event, z.object({ q: z.string().optional() })),
      }),
    );
    const refused = await echo(
      { ...eventWithBody(JSON.stringify({ url: 'https://example.com/\r\nx', tags: ['ok', '\ud800'] })) },
      {} as Context,
    );
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body!).fieldErrors).toEqual({
      url: FIELD_CHARACTERS_NOT_ALLOWED,
      'tags.1': FIELD_CHARACTERS_NOT_ALLOWED,
    });
    const query = await echo(
      { ...eventWithBody('{"url":"https://example.com/","tags":[]}'), queryStringParameters: { q: 'blinds\u0000' } },
      {} as Context,
    );
    expect(JSON.parse(query.body!).fieldErrors).toEqual({ q: FIELD_CHARACTERS_NOT_ALLOWED });
  });

  it('refuses a body that is not JSON with a clear message', async () => {
    const result = await echoContact(eventWithBody('{oops'), {} as Context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!).message).toBe('The request body is not valid JSON.');
  });

  it('hides unexpected failures behind a 500 with a generic message', async () => {
    const failing = httpHandler(async () => {
      throw new Error('table exploded');
    });
    const result = await failing(eventWithBody('{}'), {} as Context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('exploded');
  });
});

describe('domain errors', () => {
  it('become their status once, with their sentence and the fields at fault', async () => {
    const refusals = [
      [new Invalid('Too many.', { quantity: 'Too many.' }), 400],
      [new NotFound('No such thing.'), 404],
      [new Conflict('Changed meanwhile.'), 409],
      [new Gone('Expired.'), 410],
    ] as const;
    for (const [error, statusCode] of refusals) {
      const result = await httpHandler(() => Promise.reject(error))(eventWithBody(undefined), {} as Context);
      expect(result.statusCode).toBe(statusCode);
      expect(JSON.parse(result.body!)).toEqual({
        message: error.message,
        ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
      });
    }
  });
});

/**
 * The origin check (docs/decisions/0015): on AWS every HTTP function has the secret's ARN and
 * CloudFront sends the secret. Secrets Manager is stood in for (aws-sdk-client-mock: AWS's client,
 * not our code). The secret is read once per instance, so these run in order on one instance.
 */
describe('requests that did not come through CloudFront', () => {
  const ORIGIN_SECRET = 'k3L9vQ2mX8pR4tW7yB1nC6dF0gH5jZ';
  const secrets = mockClient(SecretsManagerClient);
  let runs = 0;
  const counted = httpHandler(async () => {
    runs += 1;
    return json(200, { ok: true });
  });
  const request = (headers: Record<string, string>) =>
    counted(
      { routeKey: 'POST /api/test', headers, requestContext: { requestId: 'request-2' } } as unknown as HttpEvent,
      {} as Context,
    );

  beforeAll(() => {
    for (const [name, value] of Object.entries({
      TABLE_NAME: 'shop',
      EVENT_BUS_NAME: 'shop-events',
      UPLOADS_BUCKET: 'uploads',
      USER_POOL_ID: 'us-east-1_AbCdEfGhI',
      USER_POOL_CLIENT_ID: '3n4b5urk1ft4fl3mg5e62d9ado',
      MAIL_FROM: 'no-reply@shop.example',
      STAFF_EMAIL: 'staff@shop.example',
      SITE_URL: 'https://shop.example',
      ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111122223333:secret:OriginVerifySecret-AbCdEf',
    })) {
      vi.stubEnv(name, value);
    }
    resetConfigCache();
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigCache();
    secrets.restore();
  });

  it('run nothing while the secret cannot be read, and the next request reads it again', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: ORIGIN_SECRET });
    expect((await request({ [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET })).statusCode).toBe(500);
    expect(runs).toBe(0);
    expect((await request({ [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET })).statusCode).toBe(200);
    expect(runs).toBe(1);
  });

  it('get 403 without the secret or with another value, and the handler never runs', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { [ORIGIN_VERIFY_HEADER]: '' },
      { [ORIGIN_VERIFY_HEADER]: `${ORIGIN_SECRET}x` },
      { [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET.slice(1) },
    ];
    for (const headers of attempts) {
      const refused = await request(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(refused.body!)).toEqual({ message: 'Forbidden' });
    }
    expect(runs).toBe(1);
  });

  it('run with the secret CloudFront sends, which is read from Secrets Manager once per instance', async () => {
    expect((await request({ [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET })).statusCode).toBe(200);
    expect(runs).toBe(2);
    expect(secrets.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input)).toEqual([
      { SecretId: process.env.ORIGIN_VERIFY_SECRET_ARN },
      { SecretId: process.env.ORIGIN_VERIFY_SECRET_ARN },
    ]);
  });
});
