import { describe, expect, it } from 'vitest';
import { hasPartnerUrlParams, isPartnerBuyer } from './partner-mode';

function storageWith(entries: Record<string, string>) {
  return { getItem: (key: string) => entries[key] ?? null };
}

describe('partner mode', () => {
  it('activates from the URL only with rp=true and s, bc and ru', () => {
    expect(hasPartnerUrlParams('?rp=true&s=abc&bc=cookie&ru=https%3A%2F%2Fbuyer.example')).toBe(true);
    expect(hasPartnerUrlParams('?rp=true&s=abc&bc=cookie')).toBe(false);
    expect(hasPartnerUrlParams('?rp=false&s=abc&bc=cookie&ru=x')).toBe(false);
    expect(hasPartnerUrlParams('?rp=true&s=&bc=cookie&ru=x')).toBe(false);
    expect(hasPartnerUrlParams('')).toBe(false);
  });

  it('recognises a signed-in partner account or a stored partner session', () => {
    expect(isPartnerBuyer('', storageWith({ accountType: 'realpage' }))).toBe(true);
    expect(isPartnerBuyer('', storageWith({ realPageSession: '{"sessionId":"s1"}' }))).toBe(true);
  });

  it('treats ordinary shoppers as not partner buyers', () => {
    expect(isPartnerBuyer('', storageWith({}))).toBe(false);
    expect(isPartnerBuyer('?rp=true', storageWith({ accountType: 'residential' }))).toBe(false);
  });
});
