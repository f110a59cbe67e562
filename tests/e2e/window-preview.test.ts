import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { saveScreenshot } from './support/artefacts';
import { browserForThisFile, gotoHydrated } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

type Point = readonly [x: number, y: number];
type Rgb = [number, number, number];

/** The test photo's size: under the preview's working size, so its pixels are the canvas's one for one. */
const PHOTO = { width: 800, height: 600 } as const;

/**
 * A phone's photo of a window, drawn for the test and encoded as a JPEG: a wall and floor, a white
 * frame along `corners`, and through the glass sky above `horizon` and a dark hedge below it.
 */
async function windowPhoto(page: Page, corners: readonly Point[], horizon: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ size, corners, horizon }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#d9cbb5';
      context.fillRect(0, 0, size.width, size.height);
      context.fillStyle = '#8a6f52';
      context.fillRect(0, size.height - 50, size.width, 50);
      const outline = () => {
        context.beginPath();
        corners.forEach(([x, y], n) => (n === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
        context.closePath();
      };
      outline();
      context.lineWidth = 18;
      context.strokeStyle = '#ffffff';
      context.stroke();
      outline();
      context.save();
      context.clip();
      context.fillStyle = '#8fc3e6';
      context.fillRect(0, 0, size.width, horizon);
      context.fillStyle = '#2e5a2e';
      context.fillRect(0, horizon, size.width, size.height - horizon);
      context.restore();
      return canvas.toDataURL('image/jpeg', 0.92).slice('data:image/jpeg;base64,'.length);
    },
    { size: PHOTO, corners, horizon },
  );
  return Buffer.from(base64, 'base64');
}

/** The mean colour of the 9 × 9 pixels around each point: of the preview's canvas, or of `photo` decoded as the preview decodes it. */
async function meanColours(page: Page, points: readonly Point[], photo?: Buffer): Promise<Rgb[]> {
  const read = async ({ points, photo }: { points: readonly Point[]; photo: string | null }) => {
    let source: HTMLCanvasElement;
    if (photo) {
      const bytes = Uint8Array.from(atob(photo), (character) => character.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), {
        imageOrientation: 'from-image',
      });
      source = document.createElement('canvas');
      source.width = bitmap.width;
      source.height = bitmap.height;
      source.getContext('2d')!.drawImage(bitmap, 0, 0);
    } else {
      source = document.querySelector<HTMLCanvasElement>('[role="dialog"] canvas')!;
    }
    const context = source.getContext('2d')!;
    return points.map(([x, y]) => {
      const { data } = context.getImageData(x - 4, y - 4, 9, 9);
      const sum = [0, 1, 2].map((channel) =>
        data.filter((_, at) => at % 4 === channel).reduce((total, value) => total + value, 0),
      );
      return sum.map((total) => Math.round(total / 81)) as Rgb;
    });
  };
  return page.evaluate(read, { points, photo: photo ? photo.toString('base64') : null });
}

const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((value, channel) => Math.abs(value - b[channel]!)));
const hex = (swatch: string): Rgb => [1, 3, 5].map((start) => parseInt(swatch.slice(start, start + 2), 16)) as Rgb;

/** Requests that carried the photo, or anything its size, out of the browser. */
function photoUploads(page: Page, photo: () => Buffer | null): string[] {
  const carried: string[] = [];
  page.on('request', (request) => {
    const sent = photo();
    const body = request.postDataBuffer();
    if (sent && body && (body.length >= sent.length / 2 || body.includes(sent.subarray(600, 664))))
      carried.push(request.url());
  });
  return carried;
}

async function openPreview(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'See it in your window' }).click();
  const dialog = page.getByRole('dialog', { name: 'See it in your window' });
  await dialog.waitFor();
  return dialog;
}

/** Presses each key on the focused corner handle; `Shift+ArrowUp` and the like for the bigger steps. */
async function moveCorner(dialog: Locator, name: string, keys: string[]) {
  await dialog.getByRole('button', { name }).focus();
  for (const key of keys) await dialog.page().keyboard.press(key);
}

/** Where the keys of placeCornersByKeyboard put the corners: from 25 %/20 % and 75 %/80 % of the photo, 0.5 % a press, 5 % with Shift. */
const PLACED_CORNERS: Point[] = [
  [248, 90],
  [600, 96],
  [560, 492],
  [212, 510],
];
/** Inside the placed corners (one of them above where the corners started). */
const INSIDE_PLACED: Point[] = [
  [404, 300],
  [320, 110],
  [400, 400],
];
/** Outside the placed corners (one inside where they started). */
const OUTSIDE_PLACED: Point[] = [
  [40, 40],
  [760, 40],
  [40, 570],
  [760, 570],
  [150, 300],
  [590, 450],
];

/** The chunks a built chunk imports statically, at any depth, itself included: read from the site as the browser reads them. */
async function chunkWithItsImports(url: string, found = new Set<string>()): Promise<Set<string>> {
  if (found.has(url)) return found;
  found.add(url);
  const code = await (await fetch(url)).text();
  for (const [, file] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
    await chunkWithItsImports(new URL(file!, url).href, found);
  return found;
}

/**
 * The preview's code downloaded, as the configurator asks for it once the page is idle: its chunk,
 * then the chunks it imports, which the browser fetches as it reads them (decision 0088). Then the
 * preview needs no network, not even to open.
 */
async function waitForThePreviewCode(page: Page) {
  const downloaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  await expect
    .poll(async () => (await downloaded()).find((name) => /\/WindowPreviewDialog-[^/]*\.js$/.test(name)))
    .toBeDefined();
  const dialogChunk = (await downloaded()).find((name) => /\/WindowPreviewDialog-[^/]*\.js$/.test(name))!;
  const chunks = [...(await chunkWithItsImports(dialogChunk))];
  await expect
    .poll(async () => {
      const names = new Set(await downloaded());
      return chunks.filter((chunk) => !names.has(chunk));
    })
    .toEqual([]);
}

async function choosePhoto(dialog: Locator, photo: Buffer) {
  await dialog
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'my-window.jpg', mimeType: 'image/jpeg', buffer: photo });
}

async function placeCornersByKeyboard(dialog: Locator) {
  await moveCorner(dialog, 'Top-left corner', ['Shift+ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowUp']);
  await moveCorner(dialog, 'Top-right corner', ['Shift+ArrowUp', 'ArrowDown', 'ArrowDown']);
  await moveCorner(dialog, 'Bottom-right corner', [
    'Shift+ArrowLeft',
    'ArrowDown',
    'ArrowDown',
    'ArrowDown',
    'ArrowDown',
  ]);
  await moveCorner(dialog, 'Bottom-left corner', ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown']);
}

/**
 * The oak blind covers the photo inside the placed corners and leaves it as it was outside them.
 * Answers the blind's colours, and the photo's outside the corners.
 */
async function expectAnOakBlindInsideTheCorners(
  page: Page,
  photo: Buffer,
): Promise<{ oak: Rgb[]; photoOutside: Rgb[] }> {
  const photoInside = await meanColours(page, INSIDE_PLACED, photo);
  const photoOutside = await meanColours(page, OUTSIDE_PLACED, photo);
  await expect
    .poll(async () =>
      (await meanColours(page, INSIDE_PLACED)).map((colour, n) => distance(colour, photoInside[n]!) > 40),
    )
    .toEqual([true, true, true]);
  expect(await meanColours(page, OUTSIDE_PLACED)).toEqual(photoOutside);
  const oak = await meanColours(page, INSIDE_PLACED);
  expect(distance(oak[0]!, hex('#c8a273'))).toBeLessThan(distance(oak[0]!, hex('#3a2519')));
  return { oak, photoOutside };
}

/** Espresso chosen in the dialog: the blind darkens, the photo outside the corners stays as it was. */
async function expectTheBlindToFollowEspresso(page: Page, dialog: Locator, oak: Rgb[], photoOutside: Rgb[]) {
  await dialog.getByRole('radio', { name: /^Espresso/ }).check();
  await dialog.getByRole('img', { name: 'Wood blind in Espresso, on your photo' }).waitFor();
  await expect
    .poll(async () => (await meanColours(page, INSIDE_PLACED)).map((colour, n) => distance(colour, oak[n]!) > 60))
    .toEqual([true, true, true]);
  const [espresso] = await meanColours(page, INSIDE_PLACED);
  expect(distance(espresso!, hex('#3a2519'))).toBeLessThan(distance(espresso!, hex('#c8a273')));
  expect(await meanColours(page, OUTSIDE_PLACED)).toEqual(photoOutside);
}

/** Save image downloads a PNG named after the blind, the photo's size. */
async function expectASavedPng(page: Page, dialog: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save image' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Wood blind in Espresso.png');
  const png = await readFile(await download.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([PHOTO.width, PHOTO.height]);
}

/** The photo's window corners as the preview starts them, the glass's sky above 280 px and its hedge below; the closed shade covers both. */
const STARTING_CORNERS: Point[] = [
  [200, 120],
  [600, 120],
  [600, 480],
  [200, 480],
];
const OVER_SKY_AND_HEDGE: Point[] = [
  [400, 210],
  [400, 336],
];

/** The fabric over the sky and over the hedge: it dims both, and they still differ through it. */
async function expectTheFabricToDimTheViewAndShowIt(page: Page, photoColours: Rgb[]) {
  await expect
    .poll(async () =>
      (await meanColours(page, OVER_SKY_AND_HEDGE)).map((colour, n) => distance(colour, photoColours[n]!) > 20),
    )
    .toEqual([true, true]);
  const [overSky, overHedge] = await meanColours(page, OVER_SKY_AND_HEDGE);
  expect(distance(overSky!, overHedge!)).toBeGreaterThan(20);
}

/** Another series in the configurator: the same photo and corners, a blackout fabric that hides the view. */
async function expectABlackoutShadeToHideTheView(page: Page) {
  await page.getByRole('tab', { name: 'Blackout' }).click();
  await page.getByRole('radio', { name: /^Black/ }).check();
  const dialog = await openPreview(page);
  await dialog.getByRole('img', { name: 'Blackout roller shade in Black, on your photo' }).waitFor();
  await expect
    .poll(async () =>
      (await meanColours(page, OVER_SKY_AND_HEDGE)).map((colour) => distance(colour, hex('#1f1f1f')) < 25),
    )
    .toEqual([true, true]);
}

describe('See it in your window', () => {
  it('draws the configured blind in perspective between corners placed by keyboard, follows its colour, saves a PNG, and keeps the photo in the browser', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      let photo: Buffer | null = null;
      const uploads = photoUploads(page, () => photo);
      await gotoHydrated(page, `${baseUrl}/wood-blinds?finish=wood`);
      await page.getByRole('radio', { name: /^Natural Oak/ }).check();
      photo = await windowPhoto(page, PLACED_CORNERS, 330);
      await waitForThePreviewCode(page);
      await context.setOffline(true);
      const dialog = await openPreview(page);
      await choosePhoto(dialog, photo);
      await dialog.getByRole('img', { name: 'Wood blind in Natural Oak, on your photo' }).waitFor();

      await placeCornersByKeyboard(dialog);
      const { oak, photoOutside } = await expectAnOakBlindInsideTheCorners(page, photo);
      await expectTheBlindToFollowEspresso(page, dialog, oak, photoOutside);
      await expectASavedPng(page, dialog);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('img', { name: 'Wood blind in Espresso, on your photo' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'window-preview-1440');
      await context.setOffline(false);

      // The dialog's colour is the configurator's.
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => page.getByRole('radio', { name: /^Espresso/ }).isChecked()).toBe(true);
      expect(uploads).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone: lets the photo through a light-filtering roller shade and not a blackout one, opens it, and follows the configurator', async () => {
    const context = await browser().newContext({
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      let photo: Buffer | null = null;
      const uploads = photoUploads(page, () => photo);
      await gotoHydrated(page, `${baseUrl}/roller-shades`);

      photo = await windowPhoto(page, STARTING_CORNERS, 280);
      const photoColours = await meanColours(page, OVER_SKY_AND_HEDGE, photo);

      const dialog = await openPreview(page);
      await choosePhoto(dialog, photo);
      await dialog.getByRole('img', { name: /^Light-filtering roller shade in .*, on your photo$/ }).waitFor();
      await expectTheFabricToDimTheViewAndShowIt(page, photoColours);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'window-preview-390');

      // Raised, the shade leaves the hedge as the photo shows it.
      await dialog.getByRole('radio', { name: 'Open', exact: true }).check();
      await expect
        .poll(async () => distance((await meanColours(page, [OVER_SKY_AND_HEDGE[1]!]))[0]!, photoColours[1]!))
        .toBeLessThan(3);

      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expectABlackoutShadeToHideTheView(page);
      expect(uploads).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
