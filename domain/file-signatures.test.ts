import { describe, expect, it } from 'vitest';
import { hasHtmlMarkup } from './file-signatures';

describe('hasHtmlMarkup', () => {
  it.each([
    '<html>',
    '<!DOCTYPE html>',
    '<body onload=x>',
    '<SCRIPT>',
    '<svg/onload=alert(1)>',
    '<svg\n>',
    '<iframe src=x>',
    '<img src=x onerror=alert(1)>',
    'x ONLOAD = y',
  ])('finds %s', (text) => {
    expect(hasHtmlMarkup(`binary\0${text}\xff`)).toBe(true);
  });

  it.each(['<svgs>', '<htmlx', 'download=', 'a < script', '<?xpacket begin=""?>'])('leaves %s alone', (text) => {
    expect(hasHtmlMarkup(text)).toBe(false);
  });
});
