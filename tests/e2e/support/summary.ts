import type { Locator } from 'playwright-core';

/** The value beside `label` in a list of label and value pairs (the order summaries and the order facts). */
export const summaryValue = (list: Locator, label: string) =>
  list
    .locator('div')
    .filter({ has: list.page().locator(`dt:text-is("${label}")`) })
    .locator('dd');
