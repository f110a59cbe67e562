import { randomBytes } from 'node:crypto';
import { EXAMPLE_BUSINESS as BUSINESS } from '../support/business';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { greetingText } from '#domain/chat/chat';
import { formatCents } from '#domain/pricing/money';
import { addToCart, api, blind, newShopper, type Shopper } from '../support/checkout';
import { holidayToday, OPEN_ALL_WEEK, withOpeningHours } from '../support/opening-hours';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

/** A journey through two browsers (a shopper's and staff's) takes longer than one page's test. */
const JOURNEY_TIMEOUT_MS = 180_000;

const uniqueName = (first: string) => `${first} ${randomBytes(3).toString('hex')}`;

const chatButton = (page: Page) => page.getByRole('button', { name: /^Live Chat/ });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Live Chat' });
const thread = (scope: Locator) => scope.getByRole('region', { name: 'Messages' });

async function withContext<T>(
  options: Parameters<ReturnType<typeof browser>['newContext']>[0],
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser().newContext(options);
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

/** Opens the widget on the page shown and starts a chat; the panel once the greeting is in. */
async function startChat(page: Page, name: string, phone = ''): Promise<Locator> {
  await chatButton(page).click();
  const panel = chatPanel(page);
  await panel.getByLabel('Name').fill(name);
  if (phone) await panel.getByLabel('Phone (optional)').fill(phone);
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect.poll(() => thread(panel).textContent()).toContain(greetingText(name, BUSINESS.name));
  return panel;
}

/** Types and sends with Enter; resolves once the stored message has replaced the pending one. */
async function sendFromWidget(panel: Locator, text: string): Promise<void> {
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => thread(panel).textContent()).toContain(text);
  await expect.poll(() => thread(panel).getByText('Sending…').count()).toBe(0);
}

const liveChatBadge = (page: Page) => page.getByTestId('live-chat-badge');
const activeChats = (page: Page) => page.getByRole('region', { name: /^Active Chats/ });
const chatWith = (page: Page, name: string) => page.getByRole('region', { name: `Chat with ${name}` });

async function closeChatFromStaff(page: Page, name: string): Promise<void> {
  await chatWith(page, name).getByRole('button', { name: 'Close chat' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Close chat' }).click();
  await chatWith(page, name).waitFor({ state: 'detached' });
}

/**
 * The widget's code is not part of the first load: it arrives with the first press. Nobody from
 * staff is connected yet: the panel says when the shop will answer.
 */
async function openTheWidgetWhileOffline(visitor: Page): Promise<Locator> {
  const widgetChunk = visitor.waitForResponse((response) => /\/assets\/ChatWidget-[\w-]+\.js$/.test(response.url()));
  await chatButton(visitor).click();
  await widgetChunk;
  const panel = chatPanel(visitor);
  await expect
    .poll(() => panel.getByRole('link', { name: /Call Now/ }).getAttribute('href'))
    .toBe(`tel:${BUSINESS.phoneE164}`);
  await expect.poll(() => panel.textContent()).toContain('Offline');
  await expect.poll(() => panel.textContent()).toMatch(/Leave a message and we'll answer/);
  await expect.poll(() => panel.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await seriousAccessibilityViolations(visitor)).toEqual([]);
  return panel;
}

/** Start Chat without a name is refused with a toast; Hide chat gives the focus back to the button. */
async function startWithoutANameThenHide(visitor: Page, panel: Locator) {
  await panel.getByRole('button', { name: 'Start Chat' }).click();
  await expect
    .poll(() => toast(visitor, 'Name required').textContent())
    .toContain('Please enter your name to start chatting.');
  await panel.getByRole('button', { name: 'Hide chat' }).click();
  await expect.poll(() => panel.isVisible()).toBe(false);
  await expect.poll(() => chatButton(visitor).evaluate((button) => button === document.activeElement)).toBe(true);
}

/** Starts a chat with a phone number and asks `question`, which holds markup. */
async function startChatAndAsk(visitor: Page, name: string, question: string) {
  const panel = await startChat(visitor, name, '(214) 555-0199');
  // Blank messages cannot be sent.
  await panel.getByRole('textbox', { name: 'Message' }).fill('   ');
  await expect.poll(() => panel.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
  await sendFromWidget(panel, question);
  // Shown as text, never as markup.
  expect(await thread(panel).locator('b').count()).toBe(0);
}

/** Staff sign in to /admin, which counts the new chat and tells the visitor staff are online, and open it. */
async function staffOpenTheNewChat(staffPage: Page, panel: Locator, name: string, question: string): Promise<Locator> {
  await signInAsStaff(staffPage, baseUrl, staff, '/admin');
  await expect.poll(() => liveChatBadge(staffPage).textContent()).toBe('1');
  // Staff connected: the visitor's panel says so at once (on a holiday the shop keeps, it stays Offline).
  await expect.poll(() => panel.textContent()).toContain(holidayToday() ? 'Offline' : 'Online');

  const row = activeChats(staffPage).getByRole('listitem').filter({ hasText: name });
  await expect.poll(() => row.textContent()).toContain('(214) 555-0199');
  await expect.poll(() => row.textContent()).toContain('Active');
  await row.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const pane = chatWith(staffPage, name);
  await expect.poll(() => thread(pane).textContent()).toContain(question);
  await expect.poll(() => liveChatBadge(staffPage).textContent()).toBe('0');
  await expect
    .poll(() => pane.getByRole('link', { name: /Call Customer/ }).getAttribute('href'))
    .toBe('tel:2145550199');
  return pane;
}

/** Real typing events: staff type, the visitor sees it; the reply arrives without reloading, its lines kept. */
async function staffReplyAsTheVisitorWatches(staffPage: Page, pane: Locator, panel: Locator) {
  const reply = pane.getByRole('textbox', { name: 'Reply' });
  await reply.pressSequentially('Yes, we do');
  await expect.poll(() => panel.textContent()).toContain('Support is typing...');
  await reply.fill('Yes, we install across DFW, Plano included.\nWhen would suit you?');
  await reply.press('Enter');
  await expect
    .poll(() => toast(staffPage, 'Message sent!').textContent())
    .toContain('Your reply has been sent to the customer.');

  await expect.poll(() => thread(panel).textContent()).toContain('Plano included.');
  await expect
    .poll(() => thread(panel).locator('li').filter({ hasText: 'Plano included.' }).innerText())
    .toContain('Plano included.\nWhen would suit you?');
  expect(await seriousAccessibilityViolations(staffPage)).toEqual([]);
}

/** A reload resumes the chat from what this browser kept; the chat open on the staff screen is viewed as it arrives. */
async function visitorResumesAfterAReload(visitor: Page, staffPage: Page, pane: Locator) {
  await gotoHydrated(visitor, `${baseUrl}/about-us`);
  await chatButton(visitor).click();
  await expect.poll(() => thread(chatPanel(visitor)).textContent()).toContain('Plano included.');
  await sendFromWidget(chatPanel(visitor), 'Next Tuesday morning works.');
  await expect.poll(() => thread(pane).textContent()).toContain('Next Tuesday morning works.');
  await expect.poll(() => liveChatBadge(staffPage).textContent()).toBe('0');
}

/** Staff close the chat: the visitor is told, can start anew, and the browser forgets the old one. */
async function staffCloseTheVisitorsChat(staffPage: Page, visitor: Page, name: string) {
  await closeChatFromStaff(staffPage, name);
  await expect.poll(() => activeChats(staffPage).textContent()).not.toContain(name);
  const ended = chatPanel(visitor);
  await expect
    .poll(() => ended.textContent())
    .toContain('This chat has ended. Start a new chat to keep talking with us.');
  await ended.getByRole('button', { name: 'Start a new chat' }).click();
  await expect.poll(() => ended.getByRole('button', { name: 'Start Chat' }).isVisible()).toBe(true);
  // Forgotten: a new page has no chat to resume.
  expect(await visitor.evaluate(() => localStorage.getItem('chat_session'))).toBeNull();
}

/** Staff open the customer's chat and try to call: the customer gave no phone number. */
async function staffOpenAndCallWithoutAPhone(staffPage: Page, name: string) {
  const row = activeChats(staffPage).getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await row.getByRole('button', { name: `Call ${name}` }).click();
  await expect
    .poll(() => toast(staffPage, 'No phone number').textContent())
    .toContain("Customer didn't provide a phone number.");
}

/** Beside the chat, staff see the signed-in customer's cart, their orders (none) and their properties. */
async function expectTheCustomerBesideTheChat(staffPage: Page, customer: Shopper, cart: CartView) {
  const line = cart.items[0]!;
  const details = staffPage.getByRole('complementary', { name: 'Customer details' });
  const cartSection = details.getByRole('region', { name: 'Cart' });
  await expect.poll(() => cartSection.textContent()).toContain(line.title);
  await expect.poll(() => cartSection.textContent()).toContain(formatCents(line.lineCents));
  await expect.poll(() => cartSection.textContent()).toContain(formatCents(cart.estimatedTotalCents));
  await expect
    .poll(() => details.getByRole('region', { name: 'Recent orders' }).textContent())
    .toContain('No orders yet.');
  await expect
    .poll(() => details.getByRole('region', { name: 'Properties' }).textContent())
    .toContain('Main Residence');
  await expect.poll(() => details.textContent()).toContain(customer.email);
  expect(await seriousAccessibilityViolations(staffPage)).toEqual([]);
}

/** Another browser, signed in as the same client, resumes the chat with the client's token. */
async function resumeInAnotherBrowser(customer: Shopper, panel: Locator) {
  await withContext({ viewport: { width: 1280, height: 900 } }, async (otherContext) => {
    const other = await otherContext.newPage();
    await signInAsCustomer(other, baseUrl, customer);
    await chatButton(other).click();
    await expect
      .poll(() => thread(chatPanel(other)).textContent())
      .toContain('Is the kitchen blind in my cart the right size?');
    await sendFromWidget(chatPanel(other), 'Sent from my phone.');
    await expect.poll(() => thread(panel).textContent()).toContain('Sent from my phone.');
  });
}

/** A proxy that refuses WebSockets: every connection closes before it opens. */
async function refuseWebSockets(context: BrowserContext) {
  await context.addInitScript(() => {
    class RefusedWebSocket {
      readyState = 0;
      onopen: unknown = null;
      onmessage: unknown = null;
      onerror: ((event: unknown) => void) | null = null;
      onclose: ((event: unknown) => void) | null = null;
      constructor() {
        setTimeout(() => {
          this.readyState = 3;
          this.onerror?.({});
          this.onclose?.({ code: 1006 });
        }, 0);
      }
      send() {
        throw new Error('not open');
      }
      close() {}
    }
    Object.assign(window, { WebSocket: RefusedWebSocket });
  });
}

/** What the page asks of the device, recorded: vibration, desktop notifications (granted), the beep. */
async function recordDeviceAlerts(context: BrowserContext) {
  await context.addInitScript(() => {
    const recorded = {
      vibrations: [] as number[][],
      notifications: [] as { title: string; body: string }[],
      beeps: 0,
    };
    Object.assign(window, { __alerts: recorded });
    navigator.vibrate = (pattern: number | Iterable<number>) => {
      recorded.vibrations.push(typeof pattern === 'number' ? [pattern] : [...pattern]);
      return true;
    };
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options: { body: string }) {
        recorded.notifications.push({ title, body: options.body });
      }
    }
    class RecordedAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = async () => undefined;
      createGain() {
        return {
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (node: unknown) => node,
        };
      }
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: () => (recorded.beeps += 1),
          stop() {},
        };
      }
    }
    Object.assign(window, { Notification: RecordedNotification, AudioContext: RecordedAudioContext });
  });
}

/**
 * The inbox is the API's to grant: a visitor gets the admin area's Access Restricted card. Staff
 * sign in to /chat on the phone and find the visitor's chat in the list. Answers its row.
 */
async function staffSignInToTheInbox(phone: Page, name: string): Promise<Locator> {
  await gotoHydrated(phone, `${baseUrl}/chat`);
  await phone.getByRole('heading', { name: 'Access Restricted' }).waitFor();
  expect(await phone.getByRole('link', { name: 'Login as Admin' }).getAttribute('href')).toBe('/login?redirect=/chat');
  expect(await phone.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  await signInAsStaff(phone, baseUrl, staff, '/chat');
  await expect.poll(() => phone.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Live Chats \(\d+\)$/);
  // No chat button for shoppers on the staff inbox.
  expect(await chatButton(phone).count()).toBe(0);
  const row = phone.getByRole('region', { name: 'Live Chats' }).getByRole('listitem').filter({ hasText: name });
  await expect.poll(() => row.textContent()).toContain('214-555-0142');
  expect(await seriousAccessibilityViolations(phone)).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return row;
}

/** A tap on the row opens the thread, with the visitor's message and a way to call them. */
async function tapOpenTheThread(phone: Page, row: Locator, name: string): Promise<Locator> {
  await row.getByRole('button', { name: new RegExp(`^${name}`) }).tap();
  const pane = chatWith(phone, name);
  await expect.poll(() => thread(pane).textContent()).toContain('Can someone measure my patio door?');
  await expect
    .poll(() => pane.getByRole('link', { name: /Call Customer/ }).getAttribute('href'))
    .toBe('tel:2145550142');
  expect(await seriousAccessibilityViolations(phone)).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  return pane;
}

/** A new customer message vibrates the phone, shows a notification with its first 100 characters, and beeps once. */
async function expectAnAlertForANewMessage(phone: Page, panel: Locator, pane: Locator, name: string) {
  const longMessage = `The door is 72 inches wide and 80 inches high; ${'it faces west and gets the afternoon sun, '.repeat(4)}thanks!`;
  await sendFromWidget(panel, longMessage);
  await expect.poll(() => thread(pane).textContent()).toContain('thanks!');
  const alerts = () => phone.evaluate(() => (window as unknown as { __alerts: unknown }).__alerts);
  await expect.poll(alerts).toEqual({
    vibrations: [[200, 100, 200]],
    notifications: [{ title: `New message from ${name}`, body: longMessage.slice(0, 100) }],
    beeps: 1,
  });
}

/** Staff reply by tapping Send, go back to the list, open the chat again and close it. */
async function replyGoBackAndClose(phone: Page, row: Locator, pane: Locator, panel: Locator, name: string) {
  const reply = pane.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes: we can come on Thursday.');
  await pane.getByRole('button', { name: 'Send message' }).tap();
  await expect.poll(() => thread(panel).textContent()).toContain('Yes: we can come on Thursday.');

  await pane.getByRole('button', { name: 'Back to chats' }).tap();
  await expect.poll(() => row.isVisible()).toBe(true);
  await row.getByRole('button', { name: new RegExp(`^${name}`) }).tap();
  await closeChatFromStaff(phone, name);
  await expect.poll(() => phone.getByRole('region', { name: 'Live Chats' }).textContent()).not.toContain(name);
  await expect.poll(() => panel.textContent()).toContain('This chat has ended.');
}

describe('live chat', () => {
  it(
    'a visitor chats from the home page with staff in /admin, live both ways, until staff close the chat',
    async () => {
      // Staff show Online only within the opening hours (domain/chat/availability.ts): open all week, whenever this runs.
      const owner = { accessToken: await accessTokenFor(baseUrl, staff) };
      await withOpeningHours(baseUrl, owner, OPEN_ALL_WEEK, async () => {
        await withContext({ viewport: { width: 1280, height: 900 } }, async (visitorContext) => {
          await withContext({ viewport: { width: 1440, height: 1000 } }, async (staffContext) => {
            const visitor = await visitorContext.newPage();
            const name = uniqueName('Avery');
            await gotoHydrated(visitor, `${baseUrl}/`);
            const panel = await openTheWidgetWhileOffline(visitor);
            await startWithoutANameThenHide(visitor, panel);
            const question = 'Hello! Do you install <b>faux wood</b> blinds in Plano?';
            await startChatAndAsk(visitor, name, question);

            const staffPage = await staffContext.newPage();
            const pane = await staffOpenTheNewChat(staffPage, panel, name, question);
            await staffReplyAsTheVisitorWatches(staffPage, pane, panel);
            await visitorResumesAfterAReload(visitor, staffPage, pane);
            await staffCloseTheVisitorsChat(staffPage, visitor, name);
          });
        });
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('a widget that cannot be downloaded leaves the page working and says so', async () => {
    await withContext({ viewport: { width: 1280, height: 900 } }, async (context) => {
      await context.route(/\/assets\/ChatWidget-[\w-]+\.js$/, (route) => route.abort());
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await gotoHydrated(page, `${baseUrl}/`);
      await chatButton(page).click();
      await expect.poll(() => toast(page, 'Live chat could not be loaded').count()).toBe(1);
      expect(await chatPanel(page).count()).toBe(0);
      expect(await page.locator('main h1').isVisible()).toBe(true);
      expect(await chatButton(page).getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
    });
  });

  it(
    "staff see a signed-in customer's cart, orders and properties beside the chat, and the customer finds the chat in another browser",
    async () => {
      const customer = await newShopper(baseUrl, {
        firstName: 'Jordan',
        lastName: `Chatter${randomBytes(2).toString('hex')}`,
      });
      await addToCart(baseUrl, customer, blind(), 'Kitchen');
      const { body: cart } = await api<CartView>(baseUrl, customer, 'GET', '/cart');

      await withContext({ viewport: { width: 1280, height: 900 } }, async (customerContext) => {
        await withContext({ viewport: { width: 1440, height: 1000 } }, async (staffContext) => {
          const staffPage = await staffContext.newPage();
          await signInAsStaff(staffPage, baseUrl, staff, '/admin');
          await activeChats(staffPage).waitFor();

          const page = await customerContext.newPage();
          await signInAsCustomer(page, baseUrl, customer);
          const name = uniqueName('Jordan');
          const panel = await startChat(page, name);
          await sendFromWidget(panel, 'Is the kitchen blind in my cart the right size?');

          await staffOpenAndCallWithoutAPhone(staffPage, name);
          await expectTheCustomerBesideTheChat(staffPage, customer, cart);
          await resumeInAnotherBrowser(customer, panel);

          await closeChatFromStaff(staffPage, name);
          await expect.poll(() => panel.textContent()).toContain('This chat has ended.');
        });
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a shopper whose browser cannot open the WebSocket still chats: sends over HTTP and sees replies by polling',
    async () => {
      await withContext({ viewport: { width: 1280, height: 900 } }, async (blockedContext) => {
        await withContext({ viewport: { width: 1440, height: 1000 } }, async (staffContext) => {
          await refuseWebSockets(blockedContext);
          const shopper = await blockedContext.newPage();
          await gotoHydrated(shopper, `${baseUrl}/`);
          const name = uniqueName('Morgan');
          const panel = await startChat(shopper, name);
          await sendFromWidget(panel, 'My connection is odd today, can you see this?');

          const staffPage = await staffContext.newPage();
          await signInAsStaff(staffPage, baseUrl, staff, '/admin');
          const row = activeChats(staffPage).getByRole('listitem').filter({ hasText: name });
          await row.getByRole('button', { name: new RegExp(`^${name}`) }).click();
          const pane = chatWith(staffPage, name);
          await expect.poll(() => thread(pane).textContent()).toContain('My connection is odd today');
          const reply = pane.getByRole('textbox', { name: 'Reply' });
          await reply.fill('Loud and clear.');
          await reply.press('Enter');
          await expect.poll(() => thread(panel).textContent()).toContain('Loud and clear.');

          await closeChatFromStaff(staffPage, name);
          await expect.poll(() => panel.textContent()).toContain('This chat has ended.');
        });
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'staff answer from /chat on a 390 px phone: the list, the thread with back, call and reply, and an alert for a new customer message',
    async () => {
      await withContext({ viewport: { width: 1280, height: 900 } }, async (visitorContext) => {
        await withContext(
          { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
          async (phoneContext) => {
            await recordDeviceAlerts(phoneContext);
            const visitor = await visitorContext.newPage();
            await gotoHydrated(visitor, `${baseUrl}/`);
            const name = uniqueName('Riley');
            const panel = await startChat(visitor, name, '214-555-0142');
            await sendFromWidget(panel, 'Can someone measure my patio door?');

            const phone = await phoneContext.newPage();
            const row = await staffSignInToTheInbox(phone, name);
            const pane = await tapOpenTheThread(phone, row, name);
            await expectAnAlertForANewMessage(phone, panel, pane, name);
            await replyGoBackAndClose(phone, row, pane, panel, name);
          },
        );
      });
    },
    JOURNEY_TIMEOUT_MS,
  );
});
