import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitContactMessage } from './api';

const CONFIG = {
  region: 'us-east-1',
  apiBaseUrl: '/api',
  webSocketUrl: 'wss://ws.example',
  userPoolId: 'pool',
  userPoolClientId: 'client',
};
const MESSAGE = {
  name: 'Ana Lopez',
  email: 'ana@example.com',
  phone: '',
  subject: 'Install',
  message: 'When?',
  hasExistingOrder: false,
  orderNumber: '',
};

/** Answers /config.json with CONFIG and POST /api/contact-messages with `status` and `body`. */
function contactMessagesAnswer(status: number, body: unknown) {
  vi.stubGlobal('fetch', (url: string) =>
    Promise.resolve(
      new Response(JSON.stringify(url === '/config.json' ? CONFIG : body), {
        status: url === '/config.json' ? 200 : status,
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submitContactMessage', () => {
  it("gives the server's message when the sender has sent too many, which says when to try again", async () => {
    contactMessagesAnswer(429, { message: 'Too many requests. Please try again in 42 minutes.' });
    await expect(submitContactMessage(MESSAGE)).resolves.toEqual({
      kind: 'refused',
      message: 'Too many requests. Please try again in 42 minutes.',
    });
  });

  it('fails without a message of its own when the server fails', async () => {
    contactMessagesAnswer(500, { message: 'An unexpected error occurred. Please try again.' });
    await expect(submitContactMessage(MESSAGE)).resolves.toEqual({ kind: 'failed' });
  });
});
