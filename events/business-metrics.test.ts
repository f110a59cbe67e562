import { describe, expect, it } from 'vitest';
import { METRIC_OF_EVENT } from './business-metrics';
import { eventCatalog } from './catalog';

describe('business metrics', () => {
  it('counts only events the catalogue declares', () => {
    const declared = eventCatalog.map((event) => event.name);
    for (const eventName of Object.keys(METRIC_OF_EVENT)) expect(declared).toContain(eventName);
  });
});
