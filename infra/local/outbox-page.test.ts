import { describe, expect, it } from 'vitest';
import type { OutboxMail } from './outbox';
import { renderOutboxPage } from './outbox-page';

const mail: OutboxMail = {
  id: 'mail-1',
  sentAt: '2026-03-05T15:00:00.000Z',
  from: 'Hill & Brook Blinds <no-reply@shop.example>',
  to: ['ana@example.com'],
  cc: [],
  bcc: [],
  replyTo: [],
  subject: 'Order confirmed: HBB-ABC123',
  text: 'Hi Ana,\n\nTrack your order: https://shop.example/track-order\n',
  html: '<html lang="en"><body><p>Hi &lt;b&gt;Ana&lt;/b&gt;,</p><script>parent.alert(1)</script></body></html>',
};

describe('the outbox page', () => {
  const page = renderOutboxPage([mail], { selectedId: undefined, key: 'k' });

  it('shows the HTML part in sandboxed frames that run no script, at a desktop and a phone width', () => {
    const frames = [...page.matchAll(/<iframe title="([^"]*)" sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/g)];
    expect(frames.map((frame) => frame[1])).toEqual(['HTML part, desktop', 'HTML part, phone width']);
    for (const [, , sandbox, srcdoc] of frames) {
      expect(sandbox).not.toContain('allow-scripts');
      expect(srcdoc).toContain('&#60;p&#62;Hi &#38;lt;b&#38;gt;Ana&#38;lt;/b&#38;gt;,&#60;/p&#62;');
    }
    expect(page).toContain(
      `<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'">`,
    );
    expect(page).not.toContain('<script');
  });

  it('shows the text part beside it, its links live', () => {
    expect(page).toContain('<h3 id="text-part">Text</h3><pre>Hi Ana,');
    expect(page).toContain(
      '<a href="https://shop.example/track-order" target="_blank">https://shop.example/track-order</a>',
    );
  });
});
