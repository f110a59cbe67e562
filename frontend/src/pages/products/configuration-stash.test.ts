import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialForm, readForm } from './configurator-form';
import { keepConfigurationStash, serializeStash, stashKey, takeConfigurationStash } from './configuration-stash';
import { STASH_MAX_AGE_MS, type ConfigurationStash } from './configuration-stash-shape';
import { parseStash } from './configuration-stash-schema';

const now = Date.parse('2026-11-22T12:00:00Z');
const wood = { family: 'wood-blinds', series: 'wood' } as const;
const form = {
  ...initialForm('wood-blinds', 'wood'),
  widthText: '30',
  widthEighths: 3,
  lengthText: '60',
  lengthEighths: 5,
  color: 'W205',
  mount: 'outside' as const,
  holdDown: true,
  quantityText: '2',
};
const stash: ConfigurationStash = { ...wood, form, resume: 'save', savedAt: now - 60_000 };

describe('the configuration kept while a guest signs in', () => {
  it('comes back as the same form, which reads as the same blind', () => {
    const back = parseStash(serializeStash(stash), wood, now);
    expect(back).toEqual(stash);
    expect(readForm('wood-blinds', 'wood', back!.form)).toEqual(readForm('wood-blinds', 'wood', form));
  });

  it('keeps every family’s fields, such as a vertical blind’s chosen valance return', () => {
    const vertical = {
      ...initialForm('vertical-blinds', 'vertical-3-5'),
      widthText: '46',
      lengthText: '102',
      valanceReturn: 'standard' as const,
      splitDraw: true,
    };
    const kept: ConfigurationStash = {
      family: 'vertical-blinds',
      series: 'vertical-3-5',
      form: vertical,
      resume: 'property',
      savedAt: now,
    };
    expect(parseStash(serializeStash(kept), { family: 'vertical-blinds', series: 'vertical-3-5' }, now)).toEqual(kept);
  });

  it('is ignored when stale, from another family or series, or not one this page wrote', () => {
    expect(parseStash(serializeStash({ ...stash, savedAt: now - STASH_MAX_AGE_MS - 1 }), wood, now)).toBeNull();
    expect(parseStash(serializeStash({ ...stash, savedAt: now + 60_000 }), wood, now)).toBeNull();
    expect(parseStash(serializeStash(stash), { family: 'wood-blinds', series: 'smooth' }, now)).toBeNull();
    expect(parseStash(serializeStash(stash), { family: 'faux-wood-blinds', series: 'wood' as never }, now)).toBeNull();
    expect(parseStash(serializeStash({ ...stash, form: { ...form, color: 'NOPE' } }), wood, now)).toBeNull();
    expect(parseStash(serializeStash({ ...stash, form: { ...form, widthEighths: 8 } }), wood, now)).toBeNull();
    expect(parseStash(JSON.stringify({ ...stash, form: { ...form, mount: undefined } }), wood, now)).toBeNull();
    expect(parseStash('{"family":', wood, now)).toBeNull();
    expect(parseStash(null, wood, now)).toBeNull();
  });

  describe('in sessionStorage', () => {
    const stored = new Map<string, string>();
    afterEach(() => {
      vi.unstubAllGlobals();
      stored.clear();
    });
    const stubStorage = () =>
      vi.stubGlobal('sessionStorage', {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      });

    it('is kept under the page’s path and taken back once', async () => {
      stubStorage();
      keepConfigurationStash('/wood-blinds', stash);
      await expect(takeConfigurationStash('/faux-wood-blinds', wood, now)).resolves.toBeNull();
      await expect(takeConfigurationStash('/wood-blinds', wood, now)).resolves.toEqual(stash);
      await expect(takeConfigurationStash('/wood-blinds', wood, now)).resolves.toBeNull();
    });

    it('is forgotten when unusable, so it is never retried', async () => {
      stubStorage();
      keepConfigurationStash('/wood-blinds', { ...stash, savedAt: 0 });
      await expect(takeConfigurationStash('/wood-blinds', wood, now)).resolves.toBeNull();
      expect(stored.has(stashKey('/wood-blinds'))).toBe(false);
    });
  });
});
