import { Box } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { FamilyId, RollerOpacity } from '#domain/catalogue/families';
import type { Configuration } from '#domain/pricing/configuration';
import { blindLook, shade, type BlindLook, type BlindMaterial, type BlindPosition } from './blind-look';

/** The gradients and patterns of one picture; their ids are the picture's own (several pictures share a page). */
export interface MaterialIds {
  sheen: string;
  metal: string;
  grain: string;
  weave: string;
}

export function materialIds(instance: string): MaterialIds {
  // useId's characters are not all safe inside url(#...): keep letters and digits.
  const prefix = `blind-${instance.replace(/[^a-zA-Z0-9]/g, '')}`;
  return { sheen: `${prefix}-sheen`, metal: `${prefix}-metal`, grain: `${prefix}-grain`, weave: `${prefix}-weave` };
}

/**
 * Only the definitions the material uses. Gradients are drawn per shape (objectBoundingBox), so a
 * slat, a vane and a swatch each get the whole highlight; `across` turns them for vertical vanes.
 */
export function MaterialDefs({
  ids,
  material,
  swatch,
  across = false,
}: {
  ids: MaterialIds;
  material: BlindMaterial;
  swatch: string;
  across?: boolean;
}) {
  const direction = across ? { x1: 0, y1: 0, x2: 1, y2: 0 } : { x1: 0, y1: 0, x2: 0, y2: 1 };
  return (
    <defs>
      <linearGradient id={ids.sheen} {...direction}>
        <stop offset="0" stopColor="#ffffff" stopOpacity="0.45" />
        <stop offset="0.45" stopColor="#ffffff" stopOpacity="0" />
        <stop offset="1" stopColor="#000000" stopOpacity="0.1" />
      </linearGradient>
      {material === 'metal' && (
        <linearGradient id={ids.metal} {...direction}>
          <stop offset="0" stopColor={shade(swatch, -0.55)} />
          <stop offset="0.35" stopColor={swatch} />
          <stop offset="0.6" stopColor={shade(swatch, 0.25)} />
          <stop offset="0.85" stopColor={shade(swatch, -0.3)} />
          <stop offset="1" stopColor={swatch} />
        </linearGradient>
      )}
      {material === 'wood' && (
        // A few wavy lines in a darker tone of the colour, repeated: a grain without a filter to compute.
        <pattern id={ids.grain} patternUnits="userSpaceOnUse" width="96" height="9">
          <g fill="none" stroke={shade(swatch, 0.28)} strokeWidth="0.8" strokeOpacity="0.55">
            <path d="M0 1.5 Q24 0.5 48 2 T96 1.5" />
            <path d="M0 5 Q30 6.5 56 4.8 T96 5" />
            <path d="M10 7.8 Q40 7 70 8.2" strokeOpacity="0.35" />
          </g>
        </pattern>
      )}
      {material === 'fabric' && (
        <pattern id={ids.weave} patternUnits="userSpaceOnUse" width="3" height="3">
          <path d="M0 0.5 H3 M0.5 0 V3" stroke={shade(swatch, 0.35)} strokeWidth="0.5" strokeOpacity="0.35" />
        </pattern>
      )}
    </defs>
  );
}

/** The fill of a slat, vane or swatch, and the overlays its material draws on top. */
export function materialLayers(
  ids: MaterialIds,
  material: BlindMaterial,
  swatch: string,
): { fill: string; overlays: string[] } {
  switch (material) {
    case 'metal':
      return { fill: `url(#${ids.metal})`, overlays: [] };
    case 'wood':
      return { fill: swatch, overlays: [`url(#${ids.grain})`, `url(#${ids.sheen})`] };
    case 'fabric':
      return { fill: swatch, overlays: [`url(#${ids.weave})`] };
    case 'smooth':
      return { fill: swatch, overlays: [`url(#${ids.sheen})`] };
  }
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One slat or vane: its material, then its edge. */
export function Louvre({ box, ids, look }: { box: Box; ids: MaterialIds; look: BlindLook }) {
  const { fill, overlays } = materialLayers(ids, look.material, look.swatch);
  return (
    <g data-part="louvre">
      <rect {...box} rx="1.5" fill={fill} />
      {overlays.map((overlay) => (
        <rect key={overlay} {...box} rx="1.5" fill={overlay} />
      ))}
      <rect {...box} rx="1.5" fill="none" stroke={shade(look.swatch, 0.22)} strokeWidth="0.8" />
    </g>
  );
}

/** The window's opening in the room's coordinates (the room is 400 × 300). */
const GLASS: Box = { x: 104, y: 44, width: 192, height: 182 };
export const RAIL_COLOR = '#c5c4c0';

/** The head and bottom rails of slatted blinds come in the slats' colour, a touch darker. */
export function slatRailColor(look: BlindLook): string {
  return look.material === 'metal' ? shade(look.swatch, 0.2) : shade(look.swatch, 0.08);
}

/** Share of the window a blind covers: all of it lowered or tilted open, half of it raised (or drawn) halfway. */
const COVERED: Record<BlindPosition, number> = { closed: 1, open: 1, halfway: 0.5 };

/**
 * Horizontal slats, lowered: 2-inch slats or the thinner 1-inch ones of mini blinds. Closed, they
 * overlap; tilted open, each shows as a narrow band with the view between; raised halfway, the
 * lower half of the window is bare.
 */
function Slats({ ids, look, thin }: { ids: MaterialIds; look: BlindLook; thin: boolean }) {
  const height = thin ? 6 : 14;
  const pitch = height + 1.5;
  const count = Math.floor(((GLASS.height - 4) * COVERED[look.position]) / pitch);
  const closed = look.position !== 'open';
  const shown = closed ? height : Math.round(height * 0.35 * 10) / 10;
  const railColor = slatRailColor(look);
  return (
    <g>
      {/* Closed slats overlap: what shows between two is the shadow of the one above, not the view. */}
      {closed && <rect x="102" y="46" width="196" height={count * pitch} fill={shade(look.swatch, 0.3)} />}
      <rect x="100" y="34" width="200" height="12" rx="2" fill={railColor} />
      {Array.from({ length: count }, (_, n) => (
        <Louvre
          key={n}
          ids={ids}
          look={look}
          box={{ x: 102, y: 47 + n * pitch + (height - shown) / 2, width: 196, height: shown }}
        />
      ))}
      <g stroke={shade(look.swatch, 0.3)} strokeWidth="1" strokeOpacity="0.6">
        <line x1="140" y1="44" x2="140" y2={47 + count * pitch} />
        <line x1="260" y1="44" x2="260" y2={47 + count * pitch} />
      </g>
      <rect x="100" y={47 + count * pitch} width="200" height="6" rx="2" fill={railColor} />
      <line x1="288" y1="46" x2="288" y2="150" stroke="#9a8f80" strokeWidth="3" strokeLinecap="round" />
    </g>
  );
}

/**
 * 3.5-inch vertical vanes hanging from the head rail: closed, edge to edge; turned open, edge-on
 * with the view between; drawn halfway, closed over the left half of the window.
 */
function Vanes({ ids, look }: { ids: MaterialIds; look: BlindLook }) {
  const pitch = 16;
  const closed = look.position !== 'open';
  const width = closed ? 14 : 4;
  const count = Math.floor((196 * COVERED[look.position]) / pitch);
  return (
    <g>
      {closed && <rect x="105" y="44" width={count * pitch - 2} height="188" fill={shade(look.swatch, 0.3)} />}
      <rect x="96" y="30" width="208" height="12" rx="2" fill={RAIL_COLOR} />
      {Array.from({ length: count }, (_, n) => (
        <Louvre
          key={n}
          ids={ids}
          look={look}
          box={{ x: 105 + n * pitch + (14 - width) / 2, y: 44, width, height: 188 }}
        />
      ))}
    </g>
  );
}

/** How far a roller shade comes down the window: most of it closed, half of it raised halfway, a third of it open. */
const FABRIC_DROP: Record<BlindPosition, number> = { closed: 140, halfway: 91, open: 60 };

/**
 * A roller shade lowered over most of the window, raised halfway, or to a third of it when open. Its fabric
 * lets `light` of the view through: a blackout fabric hides it, a light-filtering one shows it
 * dimmed; the glass below it is bare.
 */
function Fabric({ ids, look }: { ids: MaterialIds; look: BlindLook }) {
  const { fill, overlays } = materialLayers(ids, look.material, look.swatch);
  const panel: Box = { ...GLASS, height: FABRIC_DROP[look.position] };
  return (
    <g>
      <g data-part="fabric" data-light={look.light} opacity={1 - look.light}>
        <rect {...panel} fill={fill} />
        {overlays.map((overlay) => (
          <rect key={overlay} {...panel} fill={overlay} />
        ))}
      </g>
      {look.light > 0 && <rect {...panel} fill="#fff8e1" opacity={look.light * 0.5} />}
      <rect x="100" y="30" width="200" height="14" rx="6" fill={shade(look.swatch, 0.3)} />
      <rect x="102" y={panel.y + panel.height} width="196" height="6" rx="2" fill={shade(look.swatch, 0.35)} />
      <path d={`M290 ${panel.y + panel.height + 6} V236`} stroke="#9a8f80" strokeWidth="2" strokeDasharray="3 3" />
    </g>
  );
}

/**
 * The root of every picture of the blind: an image named after it, carrying the colour and material
 * it draws, at a fixed aspect ratio (4:3, or square).
 */
export function PictureFrame({
  look,
  label,
  viewBox,
  square = false,
  children,
}: {
  look: BlindLook;
  label: string;
  viewBox: string;
  square?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      role="img"
      aria-label={label}
      data-material={look.material}
      data-color={look.swatch}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: square ? '1 / 1' : '4 / 3' }}
    >
      {children}
    </svg>
  );
}

/**
 * The room drawn around the window (gallery), the window alone, square (thumbnails), or the blind
 * alone on nothing, square, its rails to the window frame's edges (the window preview draws it onto
 * a photo, which shows where the blind lets light through).
 */
const VIEW_BOXES = { room: '0 0 400 300', window: '86 26 228 228', blind: '94 28 212 212' } as const;
export type IllustrationFraming = keyof typeof VIEW_BOXES;

export interface BlindIllustrationProps {
  family: FamilyId;
  series: string;
  /** The chosen colour's code; null draws the series' first colour and says none is chosen. */
  color: string | null;
  opacity?: RollerOpacity;
  position?: BlindPosition;
  framing?: IllustrationFraming;
}

/**
 * The blind being configured, drawn in its colour and material in a window. It fills its container's
 * width at a fixed aspect ratio (4:3 for the room, square for the window), so it takes its place
 * before it draws, from a 64 px thumbnail to the gallery.
 */
export function BlindIllustration({
  family,
  series,
  color,
  opacity,
  position = 'closed',
  framing = 'room',
}: BlindIllustrationProps) {
  const look = blindLook(family, series, color, opacity, position);
  const ids = materialIds(useId());
  const blinds: Record<BlindLook['shape'], ReactNode> = {
    slats: <Slats ids={ids} look={look} thin={false} />,
    'mini-slats': <Slats ids={ids} look={look} thin />,
    vanes: <Vanes ids={ids} look={look} />,
    fabric: <Fabric ids={ids} look={look} />,
  };
  return (
    <PictureFrame look={look} label={look.label} viewBox={VIEW_BOXES[framing]} square={framing !== 'room'}>
      <MaterialDefs ids={ids} material={look.material} swatch={look.swatch} across={look.shape === 'vanes'} />
      {framing !== 'blind' && (
        <>
          <rect width="400" height="300" fill="#efe7db" />
          <rect y="250" width="400" height="50" fill="#cdb79a" />
          <rect x="95" y="35" width="210" height="200" rx="3" fill="#fff" stroke="#d8cbb8" strokeWidth="6" />
          <rect {...GLASS} fill="#bfe0f2" />
          <path d="M104 190 Q170 160 230 185 T296 175 V226 H104Z" fill="#9cc98a" />
        </>
      )}
      {blinds[look.shape]}
      {framing !== 'blind' && <rect x="80" y="236" width="240" height="10" rx="2" fill="#e3d6c3" />}
    </PictureFrame>
  );
}

/** A colour swatch in its series' material (grain, brushed metal, weave, sheen), for the colour picker. Decorative: the swatch's label names it. */
export function MaterialSwatch({ material, swatch }: { material: BlindMaterial; swatch: string }) {
  const ids = materialIds(useId());
  const { fill, overlays } = materialLayers(ids, material, swatch);
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" style={{ display: 'block', width: '100%', height: '100%' }}>
      <MaterialDefs ids={ids} material={material} swatch={swatch} />
      <circle cx="20" cy="20" r="19.5" fill={fill} />
      {overlays.map((overlay) => (
        <circle key={overlay} cx="20" cy="20" r="19.5" fill={overlay} />
      ))}
      <circle cx="20" cy="20" r="19.5" fill="none" stroke="#a0aec0" />
    </svg>
  );
}

/** A configured blind as a 64 px square picture of its window: the cart's and the saved products' thumbnail. */
export function ConfigurationThumbnail({ configuration }: { configuration: Configuration }) {
  return (
    <Box w="16" flexShrink={0} rounded="md" overflow="hidden" borderWidth="1px" borderColor="gray.200">
      <BlindIllustration
        family={configuration.family}
        series={configuration.series}
        color={configuration.color}
        opacity={configuration.family === 'roller-shades' ? configuration.opacity : undefined}
        framing="window"
      />
    </Box>
  );
}
