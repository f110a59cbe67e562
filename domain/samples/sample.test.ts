import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS } from '../catalogue/families';
import {
  addSampleSchema,
  SAMPLE_REFERENCE_PATTERN,
  sampleProduct,
  sampleRequestReference,
  sampleRequestSchema,
} from './sample';

const validRequest = {
  name: 'Ana Lopez',
  email: 'Ana@Example.com',
  address1: '100 Main St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
};

describe('sampleProduct', () => {
  it('names a catalogue colour the way the sample cart shows it', () => {
    expect(sampleProduct('faux-wood-blinds', 'E02')).toEqual({
      id: 'faux-wood-blinds-E02',
      productName: 'Faux Wood Blinds: Standard',
      productType: 'faux-wood-blinds',
      color: 'Smooth White (E02)',
      colorCode: 'E02',
      material: 'PVC foam faux wood',
      imageUrl: '/images/products/faux-wood-blinds-1.svg',
    });
    expect(sampleProduct('faux-wood-blinds', '254')?.productName).toBe('Faux Wood Blinds: Printed Wood Grain');
  });

  it('has a sample for every colour of the catalogue, its material named without parentheses, and none for a colour of another family', () => {
    for (const family of FAMILY_IDS) {
      for (const series of FAMILIES[family].series) {
        for (const color of series.colors) expect(sampleProduct(family, color.code)?.material).toMatch(/^[^()]+$/);
      }
    }
    expect(sampleProduct('wood-blinds', 'E02')).toBeNull();
  });

  it('refuses an unknown family in the add body', () => {
    expect(addSampleSchema.safeParse({ family: 'curtains', colorCode: 'E02' }).success).toBe(false);
  });
});

describe('sampleRequestSchema', () => {
  it('accepts a US address and lower-cases the e-mail', () => {
    const parsed = sampleRequestSchema.parse(validRequest);
    expect(parsed).toMatchObject({ email: 'ana@example.com', phone: '', address2: '', state: 'TX' });
  });

  it('names every bad field', () => {
    const result = sampleRequestSchema.safeParse({
      name: ' ',
      email: 'no',
      address1: '',
      city: '',
      state: 'XX',
      zipCode: '752',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      address1: 'Please enter your street address.',
      city: 'Please enter your city.',
      state: 'Please choose your state.',
      zipCode: 'Please enter a valid ZIP code.',
    });
  });

  it('accepts DC and ZIP+4', () => {
    expect(sampleRequestSchema.safeParse({ ...validRequest, state: 'DC', zipCode: '20001-1234' }).success).toBe(true);
  });
});

describe('sampleRequestReference', () => {
  it('is SR- and six unambiguous characters', () => {
    const reference = sampleRequestReference(new Uint8Array([0, 31, 8, 255, 100, 200]));
    expect(reference).toBe('SR-2ZAZ6A');
    expect(reference).toMatch(SAMPLE_REFERENCE_PATTERN);
    for (let i = 0; i < 50; i += 1) {
      expect(sampleRequestReference(crypto.getRandomValues(new Uint8Array(6)))).toMatch(SAMPLE_REFERENCE_PATTERN);
    }
  });

  it('needs six random bytes', () => {
    expect(() => sampleRequestReference(new Uint8Array(5))).toThrow();
  });
});
