import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, gotoHydrated } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

/** A page in a context of its own; close it with `page.context().close()`. */
async function newPage(width: number): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

/** Opens a page and waits until the app has hydrated and its lazy page chunk has loaded. */
async function open(path: string, width: number = 1440): Promise<Page> {
  const page = await newPage(width);
  await gotoHydrated(page, new URL(path, baseUrl).href);
  return page;
}

describe('returns page', () => {
  it('switches between Standard Returns and Fit Assurance, by mouse and by keyboard', async () => {
    const page = await open('/returns');
    try {
      const standard = page.getByRole('tab', { name: 'Standard Returns' });
      const fitAssurance = page.getByRole('tab', { name: 'Fit Assurance' });
      await fitAssurance.click();
      await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain('one-time remake');
      await fitAssurance.focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => standard.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain('30 days of delivery');
      await expect
        .poll(() => page.getByRole('link', { name: 'Contact', exact: true }).getAttribute('href'))
        .toBe('/contact-us?subject=Return+request');
    } finally {
      await page.context().close();
    }
  });
});

describe('careers', () => {
  it('expands and collapses a role with Read More / Show Less from the keyboard', async () => {
    const page = await open('/careers/field');
    try {
      const toggle = page.getByRole('button', { name: 'Read More about Blind Installer' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      const less = page.getByRole('button', { name: 'Show Less about Blind Installer' });
      await expect.poll(() => less.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.getByText('Own basic hand tools and a cordless drill').isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => page.getByText('Own basic hand tools and a cordless drill').isVisible()).toBe(false);
    } finally {
      await page.context().close();
    }
  });

  it('opens the application dialog from the keyboard, checks the resume file, and closes with Escape', async () => {
    const page = await open('/careers/technology');
    try {
      const apply = page.getByRole('button', { name: 'Apply for Full-Stack Engineer (TypeScript)' });
      await apply.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Apply for Full-Stack Engineer (TypeScript)' });
      await expect.poll(() => dialog.isVisible()).toBe(true);

      const resume = dialog.getByLabel('Resume');
      await resume.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
      await expect.poll(() => dialog.textContent()).toContain('Please upload a PDF, DOC, or DOCX file');
      await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_242_881) });
      await expect.poll(() => dialog.textContent()).toContain('File size must be less than 5MB');
      await resume.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await expect.poll(() => resume.getAttribute('aria-invalid')).toBeNull();

      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => apply.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

describe('contact form', () => {
  it('shows each field error on an empty submit and focuses the first invalid field', async () => {
    const page = await open('/contact-us', 360);
    try {
      await page.getByRole('button', { name: 'Send Message' }).click();
      const name = page.getByRole('textbox', { name: 'Name' });
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => name.evaluate((element) => element === document.activeElement)).toBe(true);
      const describedBy = await name.getAttribute('aria-describedby');
      await expect.poll(() => page.locator(`#${describedBy}`).textContent()).toBe('Please enter your name.');
      for (const message of [
        'Please enter a valid email address.',
        'Please enter a subject.',
        'Please enter a message.',
      ]) {
        await expect.poll(() => page.getByText(message).isVisible(), { message }).toBe(true);
      }
      await page.getByText('Yes', { exact: true }).click();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => page.getByText('Please enter your order number.').isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('pre-fills the subject of a return request and sends the message to staff', async () => {
    const page = await open('/contact-us?subject=Return%20request');
    try {
      await expect.poll(() => page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('Return request');
      await page.getByRole('textbox', { name: 'Name' }).fill('Dana Reyes');
      await page.getByRole('textbox', { name: 'Email' }).fill(' Dana@Example.com ');
      await page.getByRole('textbox', { name: 'Message' }).fill('Two blinds arrived with bent slats.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect
        .poll(() => page.getByText('Thanks, Dana Reyes! We reply within 24 hours.').isVisible(), { timeout: 15_000 })
        .toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

describe('track order', () => {
  it('asks for both fields, then reports an order it cannot find', async () => {
    const page = await open('/track-order');
    try {
      await page.getByRole('button', { name: 'Track Order' }).click();
      await expect.poll(() => page.getByText('Please enter both order number and email address').count()).toBe(1);
      await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('textbox', { name: 'Order number' }).fill('HBB-000000');
      await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
      await page.getByRole('button', { name: 'Track Order' }).click();
      await expect
        .poll(
          () =>
            page
              .getByRole('alert')
              .filter({ hasText: /Order not found|An error occurred while tracking/ })
              .isVisible(),
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await page.context().close();
    }
  });
});

describe('sections hydrated after the page (decision 0030)', () => {
  it('reached by a link from another page, the order lookup loads at once and answers', async () => {
    const page = await open('/shipping-info');
    try {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Track Order' }).click();
      await page.waitForURL(`${new URL('/track-order', baseUrl).href}`);
      await page.getByRole('button', { name: 'Track Order' }).click();
      await expect.poll(() => page.getByText('Please enter both order number and email address').count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });

  it('the contact form is in the page before any script runs; its code is asked for only after the page’s own has arrived', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const withoutScript = await context.newPage();
      await withoutScript.goto(new URL('/contact-us', baseUrl).href);
      expect(await withoutScript.getByRole('button', { name: 'Send Message' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
    const page = await newPage(390);
    try {
      // Loaded with the page, the form's code would be asked for beside the page's chunks, before they had arrived.
      const events: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/ContactForm-[\w-]+\.js$/.test(request.url())) events.push('form code asked for');
      });
      page.on('requestfinished', (request) => {
        if (/\/assets\/ContactUs-[\w-]+\.js$/.test(request.url())) events.push('page code arrived');
      });
      await gotoHydrated(page, new URL('/contact-us', baseUrl).href);
      expect(events).toContain('form code asked for');
      expect(events.lastIndexOf('page code arrived')).toBeLessThan(events.indexOf('form code asked for'));
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    } finally {
      await page.context().close();
    }
  });
});

describe('free samples', () => {
  it('links to the cart with the sample count, 0 when the count cannot be read', async () => {
    const page = await open('/free-samples', 360);
    try {
      const cart = page.getByRole('link', { name: /View Cart \(\d+ samples?\)/ });
      await expect.poll(() => cart.getAttribute('href')).toBe('/cart');
      await expect.poll(() => page.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/');
    } finally {
      await page.context().close();
    }
  });
});
