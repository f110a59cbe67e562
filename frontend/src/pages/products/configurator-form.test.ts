import { describe, expect, it } from 'vitest';
import { INVALID_ENTRY_MESSAGE } from '../../../../domain/pricing/errors';
import { initialForm, productName, quantityFromText, readForm } from './configurator-form';

describe('the configurator form', () => {
  it('opens on the series defaults, or on what the featured link pre-fills', () => {
    expect(initialForm('faux-wood-blinds', 'standard')).toMatchObject({ widthText: '24', lengthText: '36', color: 'E02', mount: 'inside', measurement: 'window' });
    expect(initialForm('faux-wood-blinds', 'printed')).toMatchObject({ widthText: '35', lengthText: '60', color: null });
    expect(initialForm('faux-wood-blinds', 'standard', { width: 25, length: 72, mount: 'outside', measurement: 'blind' })).toMatchObject({
      widthText: '25',
      lengthText: '72',
      mount: 'outside',
      measurement: 'blind',
    });
  });

  it('gives Invalid Entry for decimals, fractions and spaces in the inches fields', () => {
    for (const text of ['35.5', '35 1/2', '1/2', ' 35', '-3']) {
      const reading = readForm('wood-blinds', 'smooth', { ...initialForm('wood-blinds', 'smooth'), lengthText: text });
      expect(reading).toMatchObject({ ok: false, error: { title: 'Invalid Entry', message: INVALID_ENTRY_MESSAGE, field: 'length' } });
    }
  });

  it('reads inches and eighths, an empty field as missing, and the options of the family', () => {
    const form = { ...initialForm('roller-shades', 'green3000'), widthEighths: 3, lengthText: '', color: 'R3002', opacity: 1 as const, fascia: true, fasciaSize: 4 as const };
    const reading = readForm('roller-shades', 'green3000', form);
    expect(reading).toMatchObject({
      ok: true,
      configuration: { width: { inches: 35, eighths: 3 }, length: null, color: 'R3002', opacity: 1, options: { fascia: true, fasciaSize: 4 } },
    });
  });

  it('reads the depth only where the family has it', () => {
    const faux = readForm('faux-wood-blinds', 'standard', { ...initialForm('faux-wood-blinds', 'standard'), depthText: '2.125' });
    const mini = readForm('mini-blinds', 'aluminum', { ...initialForm('mini-blinds', 'aluminum'), depthText: '2.125' });
    expect(faux).toMatchObject({ ok: true, configuration: { depth: 2.125 } });
    expect(mini).toMatchObject({ ok: true, configuration: { depth: null } });
  });

  it('keeps the quantity at 1 or more, a non-number becoming 1', () => {
    expect(quantityFromText('abc')).toBe(1);
    expect(quantityFromText('0')).toBe(1);
    expect(quantityFromText('3')).toBe(3);
    expect(quantityFromText('99999')).toBe(9999);
  });

  it('names the product with its series where the family has several', () => {
    expect(productName('faux-wood-blinds', 'printed')).toBe('Faux Wood Blinds - Printed Wood Grain');
    expect(productName('vertical-blinds', 'vertical-3-5')).toBe('Vertical Blinds');
  });
});
