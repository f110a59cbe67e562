import { describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import { contactMessageSchema } from '../../domain/contact';
import { httpHandler, json, parseBody, type HttpEvent } from './http';

function eventWithBody(body: string | undefined, isBase64Encoded = false): HttpEvent {
  return { body, isBase64Encoded, routeKey: 'POST /api/test' } as HttpEvent;
}

const echoContact = httpHandler(async (event) => json(201, parseBody(event, contactMessageSchema)));

describe('API request validation', () => {
  it('answers 400 naming every bad field with the form message', async () => {
    const result = await echoContact(eventWithBody(JSON.stringify({ name: ' ', email: 'not-an-email', subject: 'Hi' })), {} as Context);
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
    const withOrder = await echoContact(eventWithBody(JSON.stringify({ ...base, hasExistingOrder: true })), {} as Context);
    expect(JSON.parse(withOrder.body!).fieldErrors).toEqual({ orderNumber: 'Please enter your order number.' });
    const without = await echoContact(eventWithBody(JSON.stringify(base)), {} as Context);
    expect(without.statusCode).toBe(201);
  });

  it('trims and lowercases what it keeps, and reads base64 bodies', async () => {
    const body = Buffer.from(JSON.stringify({ name: ' Ana ', email: ' ANA@Example.com ', subject: 's', message: 'm' })).toString('base64');
    const result = await echoContact(eventWithBody(body, true), {} as Context);
    expect(JSON.parse(result.body!)).toMatchObject({ name: 'Ana', email: 'ana@example.com', phone: '', hasExistingOrder: false });
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
