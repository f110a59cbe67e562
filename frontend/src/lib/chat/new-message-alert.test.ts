import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#domain/chat/chat';
import { alertNewCustomerMessage } from './new-message-alert';

const message: ChatMessage = {
  id: 'm2',
  sessionId: 's1',
  seq: 2,
  text: `${'a'.repeat(95)}🙂🙂🙂🙂🙂🙂 and more`,
  senderType: 'customer',
  senderName: 'Ana',
  createdAt: '2026-01-01T12:00:00.000Z',
  adminViewed: false,
  clientMessageId: null,
};

describe('alertNewCustomerMessage', () => {
  it('vibrates 200/100/200, notifies with the first 100 characters and beeps', () => {
    const device = { vibrate: vi.fn(), notify: vi.fn(), beep: vi.fn() };
    alertNewCustomerMessage(message, device);
    expect(device.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    expect(device.notify).toHaveBeenCalledWith('New message from Ana', `${'a'.repeat(95)}🙂🙂🙂🙂🙂`);
    expect(device.beep).toHaveBeenCalledOnce();
  });

  it('does what the device can: no notification unless permitted, no vibration on a desktop', () => {
    const device = { beep: vi.fn() };
    expect(() => alertNewCustomerMessage(message, device)).not.toThrow();
    expect(device.beep).toHaveBeenCalledOnce();
  });
});
