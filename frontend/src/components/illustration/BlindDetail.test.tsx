import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { BlindDetail } from './BlindDetail';
import type { BlindDetailView } from './blind-look';

const VIEWS: readonly BlindDetailView[] = ['closeUp', 'samples', 'headRail'];

/** The fills of the picture's shapes, gradients' and patterns' colours aside. */
function fills(html: string): string[] {
  return [...html.matchAll(/<(?:rect|circle|path)[^>]* fill="(#[0-9a-f]{6})"/g)].map((match) => match[1]!);
}

describe('BlindDetail', () => {
  it.each(VIEWS)('%s draws the chosen colour and material (issue 25, defect 8)', (view) => {
    const walnut = renderToString(<BlindDetail family="wood-blinds" series="wood" color="W205" view={view} />);
    expect(walnut).toContain('data-color="#5b3a25"');
    expect(walnut).toContain('data-material="wood"');
    expect(fills(walnut)).toContain('#5b3a25');
    expect(walnut).toMatch(/fill="url\(#[^)]+-grain\)"/);
  });

  it.each(['closeUp', 'headRail'] as const)('%s draws the slats in the chosen colour only', (view) => {
    const oak = renderToString(<BlindDetail family="wood-blinds" series="wood" color="W201" view={view} />);
    expect(fills(oak)).toContain('#c8a273');
    expect(fills(oak)).not.toContain('#5b3a25');
  });

  it('names each close-up after the blind, its colour and what it shows', () => {
    const name = (family: (typeof FAMILY_IDS)[number], series: string, color: string, view: BlindDetailView) =>
      /aria-label="([^"]+)"/.exec(
        renderToString(<BlindDetail family={family} series={series} color={color} view={view} />),
      )?.[1];
    expect(name('wood-blinds', 'wood', 'W205', 'closeUp')).toBe('Wood blind in Walnut, close-up of the 2-inch slats');
    expect(name('wood-blinds', 'wood', 'W205', 'samples')).toBe(
      'Wood blind in Walnut, sample in front of the other colors',
    );
    expect(name('wood-blinds', 'wood', 'W205', 'headRail')).toBe('Wood blind in Walnut, head rail and wand');
    expect(name('roller-shades', 'green3000', 'R3001', 'headRail')).toBe(
      'Light-filtering roller shade in White, 3% openness, roller and chain',
    );
    expect(name('vertical-blinds', 'vertical-3-5', 'V01', 'closeUp')).toBe(
      'Vertical blind in White, close-up of the 3.5-inch vanes',
    );
  });

  it('fans out every colour of the series, the chosen one drawn last, upright', () => {
    const html = renderToString(<BlindDetail family="wood-blinds" series="wood" color="W204" view="samples" />);
    const samples = [...html.matchAll(/<g transform="rotate\((-?\d+) [^"]*">.*?<rect [^>]*fill="(#[0-9a-f]{6})"/g)].map(
      (match) => [Number(match[1]), match[2]],
    );
    expect(samples.map(([, fill]) => fill).sort()).toEqual(
      FAMILIES['wood-blinds'].series
        .find((series) => series.id === 'wood')!
        .colors.map((color) => color.swatch)
        .sort(),
    );
    expect(samples.at(-1)).toEqual([0, '#7b3b24']);
  });

  it('lets the daylight through a light-filtering fabric in the close-up, as in the room', () => {
    const opacity = (series: string, color: string) =>
      Number(
        /data-part="fabric"[^>]*opacity="([\d.]+)"/.exec(
          renderToString(<BlindDetail family="roller-shades" series={series} color={color} view="closeUp" />),
        )?.[1],
      );
    expect(opacity('blackout', 'RB01')).toBe(1);
    expect(opacity('green3000', 'R3001')).toBeLessThan(1);
  });
});
