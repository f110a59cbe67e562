import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { standardSizes } from '#domain/catalogue/standard-sizes';
import { configurationSchema } from '#domain/pricing/configuration';
import { INVALID_ENTRY_MESSAGE } from '#domain/pricing/errors';
import {
  chooseInches,
  chosenInches,
  fitToStandardSizes,
  initialForm,
  productName,
  quantityFromText,
  readForm,
} from './configurator-form';

describe('the configurator form', () => {
  it('opens on the series defaults, or on what the featured link pre-fills', () => {
    expect(initialForm('faux-wood-blinds', 'standard')).toMatchObject({
      widthText: '24',
      lengthText: '36',
      color: 'E02',
      mount: 'inside',
      measurement: 'window',
    });
    expect(initialForm('faux-wood-blinds', 'printed')).toMatchObject({
      widthText: '35',
      lengthText: '60',
      color: '253',
    });
    expect(initialForm('wood-blinds', 'smooth')).toMatchObject({ widthText: '24', lengthText: '36', color: 'W101' });
    expect(
      initialForm('faux-wood-blinds', 'standard', { width: 25, length: 72, mount: 'outside', measurement: 'blind' }),
    ).toMatchObject({
      widthText: '25',
      lengthText: '72',
      mount: 'outside',
      measurement: 'blind',
    });
  });

  it('gives Invalid Entry for decimals, fractions and spaces in the inches fields', () => {
    for (const text of ['35.5', '35 1/2', '1/2', ' 35', '-3']) {
      const reading = readForm('wood-blinds', 'smooth', { ...initialForm('wood-blinds', 'smooth'), lengthText: text });
      expect(reading).toMatchObject({
        ok: false,
        error: { title: 'Invalid Entry', message: INVALID_ENTRY_MESSAGE, field: 'length' },
      });
    }
  });

  it('reads inches and eighths, an empty field as missing, and the options of the family', () => {
    const form = {
      ...initialForm('roller-shades', 'green3000'),
      widthEighths: 3,
      lengthText: '',
      color: 'R3002',
      opacity: 1 as const,
      fascia: true,
      fasciaSize: 4 as const,
    };
    const reading = readForm('roller-shades', 'green3000', form);
    expect(reading).toMatchObject({
      ok: true,
      configuration: {
        width: { inches: 35, eighths: 3 },
        length: null,
        color: 'R3002',
        opacity: 1,
        options: { fascia: true, fasciaSize: 4 },
      },
    });
  });

  it('reads a configuration the schema accepts as it is, for every series and option', () => {
    for (const family of FAMILY_IDS) {
      for (const { id: series } of FAMILIES[family].series) {
        const defaults = initialForm(family, series);
        const forms = [
          defaults,
          {
            ...defaults,
            widthText: '',
            widthEighths: 5,
            depthText: '3',
            mount: 'outside' as const,
            measurement: 'blind' as const,
            color: null,
            quantityText: '12',
          },
          {
            ...defaults,
            wandTilt: 'right' as const,
            holdDown: true,
            spacers: true,
            cutOut: true,
            fascia: true,
            fasciaSize: 4 as const,
            opacity: 3 as const,
          },
          {
            ...defaults,
            valanceReturn: 'small' as const,
            splitDraw: true,
            drawDirection: 'right' as const,
            verticalType: 'embossed' as const,
          },
        ];
        for (const form of forms) {
          const reading = readForm(family, series, form);
          if (!reading.ok) throw new Error(`${family} ${series}: ${reading.error.message}`);
          expect(reading.configuration).toStrictEqual(configurationSchema.parse(reading.configuration));
        }
      }
    }
  });

  it('reads the depth only where the family has it', () => {
    const faux = readForm('faux-wood-blinds', 'standard', {
      ...initialForm('faux-wood-blinds', 'standard'),
      depthText: '2.125',
    });
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

  describe('standard sizes (vertical and mini blinds)', () => {
    const verticalSizes = standardSizes('vertical-blinds', 'vertical-3-5', null, SEED_PRICE_GRIDS);

    it('open with no size until the grid shows which sizes it offers', () => {
      expect(initialForm('vertical-blinds', 'vertical-3-5')).toMatchObject({ widthText: '', lengthText: '' });
      expect(initialForm('mini-blinds', 'aluminum')).toMatchObject({ widthText: '', lengthText: '' });
    });

    it('take the default size if the grid has it (mini 24 x 36), else the smallest covering it (vertical 34 x 58 → 34 x 60)', () => {
      const vertical = fitToStandardSizes(
        initialForm('vertical-blinds', 'vertical-3-5'),
        'vertical-blinds',
        'vertical-3-5',
        verticalSizes,
      );
      expect(vertical).toMatchObject({ widthText: '34', lengthText: '60', color: 'V01' });
      const withDefault = { widths: [30, 34, 38], lengths: [54, 58, 62] };
      expect(
        fitToStandardSizes(
          initialForm('vertical-blinds', 'vertical-3-5'),
          'vertical-blinds',
          'vertical-3-5',
          withDefault,
        ),
      ).toMatchObject({
        widthText: '34',
        lengthText: '58',
      });
      const mini = fitToStandardSizes(
        initialForm('mini-blinds', 'aluminum'),
        'mini-blinds',
        'aluminum',
        standardSizes('mini-blinds', 'aluminum', null, SEED_PRICE_GRIDS),
      );
      expect(mini).toMatchObject({ widthText: '24', widthEighths: 0, lengthText: '36', lengthEighths: 0 });
    });

    it('keep a chosen size the grid offers and clear one it does not, to be chosen again', () => {
      const form = {
        ...initialForm('vertical-blinds', 'vertical-3-5'),
        ...chooseInches('width', 38),
        ...chooseInches('length', 58),
      };
      expect(fitToStandardSizes(form, 'vertical-blinds', 'vertical-3-5', verticalSizes)).toMatchObject({
        widthText: '38',
        lengthText: '',
      });
    });

    it('carry a chosen size as whole inches with eighths 0, which the engine prices', () => {
      const form = {
        ...initialForm('vertical-blinds', 'vertical-3-5'),
        ...chooseInches('width', 38),
        ...chooseInches('length', 66),
        color: 'V01',
      };
      expect(chosenInches(form, 'width')).toBe(38);
      expect(chosenInches(initialForm('vertical-blinds', 'vertical-3-5'), 'length')).toBeNull();
      expect(readForm('vertical-blinds', 'vertical-3-5', form)).toMatchObject({
        ok: true,
        configuration: { width: { inches: 38, eighths: 0 }, length: { inches: 66, eighths: 0 } },
      });
    });
  });
});
