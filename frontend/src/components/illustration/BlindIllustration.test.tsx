import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { BlindIllustration, MaterialSwatch, type BlindIllustrationProps } from './BlindIllustration';
import { colorMaterial } from './blind-look';

const render = (props: BlindIllustrationProps) => renderToString(<BlindIllustration {...props} />);

/** The picture's root element: its role, name and the colour it draws. */
function root(html: string): string {
  return html.slice(0, html.indexOf('>') + 1);
}

/** The fill-opacity the roller fabric is drawn with: how much of the window's view it hides. */
function fabricOpacity(html: string): number {
  const match = /data-part="fabric"[^>]*opacity="([\d.]+)"/.exec(html);
  if (!match) throw new Error('no fabric panel drawn');
  return Number(match[1]);
}

describe('BlindIllustration', () => {
  it('is an image named after the blind and its colour', () => {
    const html = render({ family: 'faux-wood-blinds', series: 'standard', color: 'E02' });
    expect(root(html)).toContain('role="img"');
    expect(root(html)).toContain('aria-label="Faux wood blind in Smooth White"');
    expect(render({ family: 'wood-blinds', series: 'smooth', color: 'W102' })).toContain(
      'aria-label="Wood blind in Pure White"',
    );
    expect(render({ family: 'mini-blinds', series: 'aluminum', color: 'M201' })).toContain(
      'aria-label="Aluminum mini blind in Silver"',
    );
  });

  it('draws the slats in the chosen colour', () => {
    const walnut = render({ family: 'wood-blinds', series: 'wood', color: 'W205' });
    const cherry = render({ family: 'wood-blinds', series: 'wood', color: 'W204' });
    expect(walnut).toMatch(/<rect[^>]*fill="#5b3a25"/);
    expect(walnut).not.toContain('#7b3b24');
    expect(cherry).toMatch(/<rect[^>]*fill="#7b3b24"/);
  });

  it('draws a grain on wood slats and a plain sheen on faux wood', () => {
    const wood = render({ family: 'wood-blinds', series: 'wood', color: 'W201' });
    const grain = /<pattern id="([^"]+)"/.exec(wood)?.[1];
    expect(grain).toBeDefined();
    expect(wood).toContain(`fill="url(#${grain})"`);
    expect(render({ family: 'faux-wood-blinds', series: 'printed', color: '254' })).toContain('<pattern');
    expect(render({ family: 'faux-wood-blinds', series: 'standard', color: 'E02' })).not.toContain('<pattern');
  });

  it('draws aluminum slats with a metallic gradient of their colour', () => {
    const html = render({ family: 'mini-blinds', series: 'aluminum', color: 'M201' });
    const metal = /<linearGradient id="([^"]+-metal)"/.exec(html)?.[1];
    expect(metal).toBeDefined();
    expect(html).toContain(`fill="url(#${metal})"`);
    expect(html).toContain('stop-color="#c0c0c0"');
  });

  it('lets window light through a light-filtering roller fabric but not a blackout one', () => {
    const blackout = render({ family: 'roller-shades', series: 'blackout', color: 'RB01' });
    const open = render({ family: 'roller-shades', series: 'green3000', color: 'R3001', opacity: 3 });
    const closer = render({ family: 'roller-shades', series: 'green3000', color: 'R3001', opacity: 1 });
    expect(fabricOpacity(blackout)).toBe(1);
    expect(fabricOpacity(open)).toBeLessThan(fabricOpacity(closer));
    expect(fabricOpacity(closer)).toBeLessThan(1);
    expect(blackout).toContain('aria-label="Blackout roller shade in White"');
    expect(open).toContain('aria-label="Light-filtering roller shade in White, 3% openness"');
  });

  it('draws the blind open, with the view between its slats, and says so', () => {
    const slatHeights = (html: string) =>
      [...html.matchAll(/data-part="louvre"><rect[^>]* height="([\d.]+)"/g)].map((match) => Number(match[1]));
    const closed = render({ family: 'wood-blinds', series: 'wood', color: 'W204' });
    const open = render({ family: 'wood-blinds', series: 'wood', color: 'W204', position: 'open' });
    expect(open).toContain('aria-label="Wood blind in Cherry, slats tilted open"');
    expect(slatHeights(open)).toHaveLength(slatHeights(closed).length);
    expect(slatHeights(closed).length).toBeGreaterThan(5);
    expect(Math.max(...slatHeights(open))).toBeLessThan(Math.min(...slatHeights(closed)));
    expect(render({ family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01', position: 'open' })).toContain(
      'aria-label="Vertical blind in White, vanes turned open"',
    );
    expect(render({ family: 'roller-shades', series: 'blackout', color: 'RB04', position: 'open' })).toContain(
      'aria-label="Blackout roller shade in Black, raised to let the light in"',
    );
  });

  it('draws the blind raised halfway in its colour, the lower half of the window bare (issue 25, defect 8)', () => {
    const louvres = (html: string) =>
      [...html.matchAll(/data-part="louvre"><rect[^>]* fill="([^"]+)"/g)].map((match) => match[1]);
    const closed = render({ family: 'wood-blinds', series: 'wood', color: 'W205' });
    const halfway = render({ family: 'wood-blinds', series: 'wood', color: 'W205', position: 'halfway' });
    expect(halfway).toContain('aria-label="Wood blind in Walnut, raised halfway"');
    expect(louvres(halfway).length).toBeLessThanOrEqual(louvres(closed).length / 2);
    expect(new Set(louvres(halfway))).toEqual(new Set(['#5b3a25']));
    expect(render({ family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01', position: 'halfway' })).toContain(
      'aria-label="Vertical blind in White, drawn halfway open"',
    );
    expect(render({ family: 'roller-shades', series: 'blackout', color: 'RB04', position: 'halfway' })).toContain(
      'aria-label="Blackout roller shade in Black, raised halfway"',
    );
  });

  it('names a picture whose colour is not chosen yet as such', () => {
    expect(render({ family: 'vertical-blinds', series: 'vertical-3-5', color: null })).toContain(
      'aria-label="Vertical blind, color not chosen"',
    );
  });

  it('gives each picture on a page its own pattern and gradient ids', () => {
    const html = renderToString(
      <>
        <BlindIllustration family="wood-blinds" series="wood" color="W201" />
        <BlindIllustration family="wood-blinds" series="wood" color="W205" framing="window" />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a fixed aspect ratio in both framings', () => {
    expect(root(render({ family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01' }))).toContain(
      'aspect-ratio:4 / 3',
    );
    expect(
      root(render({ family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01', framing: 'window' })),
    ).toContain('aspect-ratio:1 / 1');
  });

  it('draws the blind alone on nothing in the blind framing, for the window preview to lay on a photo', () => {
    const room = render({ family: 'roller-shades', series: 'green3000', color: 'R3001', opacity: 3 });
    const alone = render({
      family: 'roller-shades',
      series: 'green3000',
      color: 'R3001',
      opacity: 3,
      framing: 'blind',
    });
    for (const wallGlassAndGreen of ['#efe7db', '#bfe0f2', '#9cc98a']) {
      expect(room).toContain(wallGlassAndGreen);
      expect(alone).not.toContain(wallGlassAndGreen);
    }
    expect(fabricOpacity(alone)).toBe(fabricOpacity(room));
    expect(root(alone)).toContain('viewBox="94 28 212 212"');
    expect(root(alone)).toContain('aria-label="Light-filtering roller shade in White, 3% openness"');
  });

  it('draws every colour of every series', () => {
    for (const family of FAMILY_IDS) {
      for (const series of FAMILIES[family].series) {
        for (const color of series.colors) {
          const html = render({ family, series: series.id, color: color.code });
          expect(html).toContain(color.swatch);
          expect(html).toContain(` in ${color.name}`);
        }
      }
    }
  });
});

describe('colorMaterial', () => {
  it('gives a colour the material of the series that offers it', () => {
    expect(colorMaterial('wood-blinds', 'W205')).toBe('wood');
    expect(colorMaterial('faux-wood-blinds', 'E02')).toBe('smooth');
    expect(colorMaterial('faux-wood-blinds', '257')).toBe('wood');
    expect(colorMaterial('mini-blinds', 'M201')).toBe('metal');
    expect(colorMaterial('mini-blinds', 'M301')).toBe('smooth');
    expect(colorMaterial('roller-shades', 'RB04')).toBe('fabric');
  });
});

describe('MaterialSwatch', () => {
  it('is decorative and draws its material', () => {
    const wood = renderToString(<MaterialSwatch material="wood" swatch="#5b3a25" />);
    expect(wood).toContain('aria-hidden="true"');
    expect(wood).toContain('<pattern');
    expect(renderToString(<MaterialSwatch material="metal" swatch="#c0c0c0" />)).toContain('<linearGradient');
  });
});
