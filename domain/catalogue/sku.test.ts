import { describe, expect, it } from 'vitest';
import { allProducts, productBySku, skuFor } from './sku';

describe('product SKUs', () => {
  it('name family, series and colour', () => {
    expect(skuFor('faux-wood-blinds', 'standard', 'E02')).toBe('FW-STD-E02');
    expect(productBySku('FW-STD-E02')).toMatchObject({
      family: 'faux-wood-blinds',
      series: 'standard',
      color: { name: 'Smooth White' },
    });
    expect(productBySku('fw-pwg-254')).toMatchObject({ sku: 'FW-PWG-254', series: 'printed', color: { name: 'Oak' } });
  });

  it('are unique and each reads back to its product', () => {
    const products = allProducts();
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    for (const product of products) expect(productBySku(product.sku)).toEqual(product);
  });

  it('refuse unknown families, series, colours of another series and extra parts', () => {
    for (const sku of ['XX-STD-E02', 'FW-XXX-E02', 'FW-STD-253', 'FW-STD-E02-1', 'FW-2-E02', ''])
      expect(productBySku(sku)).toBeNull();
  });
});
