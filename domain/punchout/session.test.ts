import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../pricing/configuration';
import {
  auxiliaryIdOf,
  buyerUserOf,
  clerkDescriptionOf,
  isStartIdShaped,
  parseAuxiliaryId,
  startPageUrl,
} from './session';

describe('start pages', () => {
  it("has RealPage's form with the issued cookie and return URL encoded, and the bare form for other buyers", () => {
    const start = {
      startId: 'AbCdEfGhIjKlMnOp_-12',
      buyerCookie: 'a&b=c',
      returnUrl: 'https://buyer.example/return?x=1&y=2',
    };
    const realPage = new URL(startPageUrl('https://shop.example', { ...start, realPageForm: true }));
    expect(Object.fromEntries(realPage.searchParams)).toEqual({
      rp: 'true',
      s: start.startId,
      bc: 'a&b=c',
      ru: start.returnUrl,
    });
    expect(startPageUrl('https://shop.example/', { ...start, realPageForm: false })).toBe(
      `https://shop.example/?punchout=true&s=${start.startId}`,
    );
    expect(isStartIdShaped(start.startId)).toBe(true);
    expect(isStartIdShaped('short')).toBe(false);
  });
});

describe('aux ids', () => {
  it('names a submission and a position, and nothing the shop never issued', () => {
    expect(parseAuxiliaryId(` ${auxiliaryIdOf('0123456789abcdef01234567', 12)} `)).toEqual({
      submissionId: '0123456789abcdef01234567',
      position: 12,
    });
    for (const foreign of ['5555', 'abc-1', '0123456789abcdef01234567-0', '0123456789abcdef01234567-x', ''])
      expect(parseAuxiliaryId(foreign)).toBeNull();
  });
});

describe('the buyer and the clerk', () => {
  it("takes the buyer's user from the extrinsics, else from the Contact's name and e-mail", () => {
    expect(
      buyerUserOf({
        extrinsics: { firstname: 'Jim', LastName: 'Halpert', UserEmail: 'jim@buyer.example' },
        contact: { name: 'jim', email: 'other@buyer.example' },
      }),
    ).toEqual({
      email: 'jim@buyer.example',
      firstName: 'Jim',
      lastName: 'Halpert',
    });
    expect(buyerUserOf({ extrinsics: {}, contact: { name: ' Mary Ann Smith ', email: 'mary@buyer.example' } })).toEqual(
      { email: 'mary@buyer.example', firstName: 'Mary', lastName: 'Ann Smith' },
    );
    expect(buyerUserOf({ extrinsics: {}, contact: null })).toEqual({ email: '', firstName: '', lastName: '' });
  });

  it('describes a line with its product, size in fractions, mount, colour, control and room', () => {
    const blind = {
      ...defaultConfiguration('faux-wood-blinds'),
      width: { inches: 35, eighths: 4 },
      length: { inches: 60, eighths: 3 },
    };
    const description = clerkDescriptionOf(blind, 'Unit 4 kitchen');
    expect(description).toMatch(/^Faux Wood Blinds/);
    for (const part of ['35 1/2" W x 60 3/8" H', 'Inside mount', 'Color:', 'Wand tilt', 'Room: Unit 4 kitchen'])
      expect(description).toContain(part);
  });
});
