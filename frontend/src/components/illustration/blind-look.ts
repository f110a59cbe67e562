/**
 * How a configured blind is drawn: its shape, the material its slats or fabric show, its colour
 * and the accessible name of the picture. Derived from the catalogue, so a new colour or series is
 * drawn without touching the illustration.
 */
import type { Color } from '#domain/catalogue/colors';
import {
  DEFAULT_ROLLER_OPACITY,
  FAMILIES,
  findColor,
  seriesInfo,
  type FamilyId,
  type RollerOpacity,
} from '#domain/catalogue/families';

/** 2-inch slats (faux wood, wood), 1-inch slats (mini), 3.5-inch vertical vanes, a roller's fabric panel. */
export type BlindShape = 'slats' | 'mini-slats' | 'vanes' | 'fabric';

/** wood: a grain; smooth: plain with a faint sheen (PVC, vinyl); metal: a brushed gradient; fabric: a weave. */
export type BlindMaterial = 'wood' | 'smooth' | 'metal' | 'fabric';

/**
 * Closed: slats and vanes shut, a roller lowered; open: slats tilted, vanes turned, a roller raised,
 * so the view shows; halfway: slats and a roller raised to half the window, vanes drawn to one side.
 */
export type BlindPosition = 'closed' | 'open' | 'halfway';

/** How each shape stands when not closed, as the picture's name says it. */
const POSITION_NAMES: Record<Exclude<BlindPosition, 'closed'>, Record<BlindShape, string>> = {
  open: {
    slats: 'slats tilted open',
    'mini-slats': 'slats tilted open',
    vanes: 'vanes turned open',
    fabric: 'raised to let the light in',
  },
  halfway: {
    slats: 'raised halfway',
    'mini-slats': 'raised halfway',
    vanes: 'drawn halfway open',
    fabric: 'raised halfway',
  },
};

/** The gallery's close-up pictures of the blind: its material, its colour among the series' samples, its head rail. */
export type BlindDetailView = 'closeUp' | 'samples' | 'headRail';

/** What a close-up shows of each shape. */
const PARTS: Record<BlindShape, string> = {
  slats: '2-inch slats',
  'mini-slats': '1-inch slats',
  vanes: '3.5-inch vanes',
  fabric: 'woven fabric',
};

const DETAIL_NAMES: Record<BlindDetailView, (shape: BlindShape) => string> = {
  closeUp: (shape) => `close-up of the ${PARTS[shape]}`,
  samples: () => 'sample in front of the other colors',
  headRail: (shape) => (shape === 'fabric' ? 'roller and chain' : 'head rail and wand'),
};

export interface BlindLook {
  shape: BlindShape;
  material: BlindMaterial;
  position: BlindPosition;
  /** The colour drawn: the chosen one, or the series' first while none is chosen. */
  swatch: string;
  /** Share of the window's light the blind lets through: 0 for slats and blackout fabric. */
  light: number;
  /** The picture's accessible name, e.g. 'Faux wood blind in Smooth White' or 'Wood blind in Cherry, slats tilted open'. */
  label: string;
  /** The name without the position: what a close-up's name starts with. */
  name: string;
}

/** Light a roller fabric lets through, by openness: the 3% weave is more open than the 1%. */
const ROLLER_LIGHT: Record<RollerOpacity, number> = { 1: 0.2, 3: 0.35 };

/** The noun names the blind; the detail, if any, follows its colour in the picture's name. */
function shapeMaterialAndNoun(
  family: FamilyId,
  series: string,
  opacity: RollerOpacity,
): { shape: BlindShape; material: BlindMaterial; noun: string; detail?: string } {
  switch (family) {
    case 'faux-wood-blinds':
      // Printed Wood Grain is PVC printed with a grain: drawn with one.
      return {
        shape: 'slats',
        material: series === 'printed' ? 'wood' : 'smooth',
        noun: series === 'printed' ? 'Printed wood grain faux wood blind' : 'Faux wood blind',
      };
    case 'wood-blinds':
      return { shape: 'slats', material: 'wood', noun: 'Wood blind' };
    case 'roller-shades':
      return {
        shape: 'fabric',
        material: 'fabric',
        ...(series === 'blackout'
          ? { noun: 'Blackout roller shade' }
          : { noun: 'Light-filtering roller shade', detail: `${opacity}% openness` }),
      };
    case 'vertical-blinds':
      return { shape: 'vanes', material: 'smooth', noun: 'Vertical blind' };
    case 'mini-blinds':
      return series === 'vinyl'
        ? { shape: 'mini-slats', material: 'smooth', noun: 'Vinyl mini blind' }
        : { shape: 'mini-slats', material: 'metal', noun: 'Aluminum mini blind' };
  }
}

export function blindLook(
  family: FamilyId,
  series: string,
  colorCode: string | null,
  opacity: RollerOpacity = DEFAULT_ROLLER_OPACITY,
  position: BlindPosition = 'closed',
): BlindLook {
  const info = seriesInfo(family, series);
  const chosen: Color | undefined = colorCode === null ? undefined : findColor(family, info.id, colorCode);
  const { shape, material, noun, detail } = shapeMaterialAndNoun(family, info.id, opacity);
  const light = family !== 'roller-shades' || info.id === 'blackout' ? 0 : ROLLER_LIGHT[opacity];
  const name = [chosen ? `${noun} in ${chosen.name}` : `${noun}, color not chosen`, detail].filter(Boolean).join(', ');
  return {
    shape,
    material,
    position,
    swatch: (chosen ?? info.colors[0]!).swatch,
    light,
    label: position === 'closed' ? name : `${name}, ${POSITION_NAMES[position][shape]}`,
    name,
  };
}

/** A close-up picture's accessible name, e.g. 'Wood blind in Walnut, head rail and wand'. */
export function detailLabel(look: BlindLook, view: BlindDetailView): string {
  return `${look.name}, ${DETAIL_NAMES[view](look.shape)}`;
}

/**
 * The material a colour's swatch shows: that of the family's series offering the colour (a colour
 * code belongs to one series of its family).
 */
export function colorMaterial(family: FamilyId, colorCode: string): BlindMaterial {
  const series =
    FAMILIES[family].series.find((info) => info.colors.some((color) => color.code === colorCode)) ??
    FAMILIES[family].series[0]!;
  return shapeMaterialAndNoun(family, series.id, DEFAULT_ROLLER_OPACITY).material;
}

/**
 * A #rrggbb colour mixed with black (amount > 0) or white (amount < 0): the darker edge of a slat,
 * the lines of a grain, the highlights of brushed metal.
 */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 0 : 255;
  const weight = Math.min(Math.abs(amount), 1);
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) =>
      Math.round(channel + (target - channel) * weight)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
