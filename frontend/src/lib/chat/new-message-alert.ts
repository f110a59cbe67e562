/**
 * The phone inbox's alert for a new customer message in the open thread: a vibration (200/100/200
 * ms), a desktop notification with the first 100 characters when the browser allows it, and a
 * short beep made with WebAudio (no sound file to download).
 */
import { NEW_MESSAGE_VIBRATION_MS, notificationPreview, type ChatMessage } from '#domain/chat/chat';

/** What the alert uses of the device; each part may be missing (no vibration on a desktop). */
export interface AlertDevice {
  vibrate?: (pattern: number[]) => void;
  /** Shows a notification; only given when the user allowed them. */
  notify?: (title: string, body: string) => void;
  beep?: () => void;
}

export function alertNewCustomerMessage(message: ChatMessage, device: AlertDevice): void {
  device.vibrate?.([...NEW_MESSAGE_VIBRATION_MS]);
  device.notify?.(`New message from ${message.senderName}`, notificationPreview(message.text));
  device.beep?.();
}

let audio: AudioContext | undefined;

/**
 * Makes the beep's audio context during a tap (opening a thread): browsers only let a page start
 * sound after the user has interacted with it.
 */
export function primeAlertSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = undefined;
  }
}

function beep(): void {
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = 880;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.25);
}

/** This browser's vibration, notifications (when permitted) and sound. */
export function browserAlertDevice(): AlertDevice {
  return {
    vibrate: typeof navigator.vibrate === 'function' ? (pattern) => navigator.vibrate(pattern) : undefined,
    notify:
      typeof Notification !== 'undefined' && Notification.permission === 'granted'
        ? (title, body) => {
            // Not supported in a page on some mobile browsers (they want a service worker): the vibration and sound still happen.
            try {
              new Notification(title, { body, tag: 'live-chat' });
            } catch {
              /* nothing more to do */
            }
          }
        : undefined,
    beep,
  };
}
