import { useId, type ReactNode } from 'react';
import { seriesInfo, type FamilyId, type RollerOpacity } from '#domain/catalogue/families';
import { blindLook, detailLabel, shade, type BlindDetailView, type BlindLook } from './blind-look';
import {
  Louvre,
  MaterialDefs,
  materialIds,
  materialLayers,
  PictureFrame,
  RAIL_COLOR,
  slatRailColor,
  type Box,
  type MaterialIds,
} from './BlindIllustration';

/** The wall behind the close-ups. */
const WALL = '#f4efe6';

/** Close-ups are drawn at the room's scale and enlarged, so the grain, the weave and the edges grow with the slats. */
const CLOSE_UP_SCALE = 3;

/**
 * The slats, vanes or fabric seen from close by, at a slight angle. A light-filtering roller fabric
 * lets the daylight behind it through, as it does in the room.
 */
function CloseUp({ ids, look }: { ids: MaterialIds; look: BlindLook }) {
  const scaled = (content: ReactNode, angle: number) => (
    <g transform={`rotate(${angle} 200 150)`}>
      <g transform={`scale(${CLOSE_UP_SCALE})`}>{content}</g>
    </g>
  );
  switch (look.shape) {
    case 'slats':
    case 'mini-slats': {
      const height = look.shape === 'slats' ? 14 : 6;
      const pitch = height + 4;
      const boxes = Array.from({ length: Math.ceil(110 / pitch) }, (_, n): Box => ({
        x: -10,
        y: -8 + n * pitch,
        width: 160,
        height,
      }));
      return scaled(
        <>
          {boxes.map((box) => (
            <Louvre key={box.y} box={box} ids={ids} look={look} />
          ))}
          <g stroke={shade(look.swatch, 0.3)} strokeWidth="0.6" strokeOpacity="0.6">
            <line x1="40" y1="-10" x2="40" y2="110" />
            <line x1="100" y1="-10" x2="100" y2="110" />
          </g>
        </>,
        -6,
      );
    }
    case 'vanes':
      return scaled(
        Array.from({ length: 6 }, (_, n) => (
          <Louvre key={n} box={{ x: -6 + n * 26, y: -10, width: 22, height: 120 }} ids={ids} look={look} />
        )),
        6,
      );
    case 'fabric': {
      const { fill, overlays } = materialLayers(ids, look.material, look.swatch);
      const panel: Box = { x: -10, y: -10, width: 160, height: 120 };
      return (
        <>
          <rect width="400" height="300" fill="#fff8e1" />
          {scaled(
            <g data-part="fabric" data-light={look.light} opacity={1 - look.light}>
              <rect {...panel} fill={fill} />
              {overlays.map((overlay) => (
                <rect key={overlay} {...panel} fill={overlay} />
              ))}
            </g>,
            -4,
          )}
        </>
      );
    }
  }
}

/** Where a sample of the fan pivots, and how far apart the samples turn. */
const FAN_PIVOT = { x: 200, y: 250 };
const FAN_STEP_DEGREES = 14;

/**
 * The series' colour samples fanned out, the chosen one in front and upright, each in the series'
 * material: the others share out to the left and right in the catalogue's order.
 */
function Samples({
  instance,
  look,
  family,
  series,
}: {
  instance: string;
  look: BlindLook;
  family: FamilyId;
  series: string;
}) {
  const others = seriesInfo(family, series).colors.filter((color) => color.swatch !== look.swatch);
  const left = Math.ceil(others.length / 2);
  const fan = [
    ...others.map(({ swatch }, n) => ({
      swatch,
      angle: n < left ? -FAN_STEP_DEGREES * (left - n) : FAN_STEP_DEGREES * (n - left + 1),
    })),
    { swatch: look.swatch, angle: 0 },
  ];
  return (
    <>
      {fan.map(({ swatch, angle }, n) => {
        const ids = materialIds(`${instance}-${n}`);
        const { fill, overlays } = materialLayers(ids, look.material, swatch);
        const box = { x: 170, y: 40, width: 60, height: 200, rx: 10 };
        return (
          <g key={n} transform={`rotate(${angle} ${FAN_PIVOT.x} ${FAN_PIVOT.y})`}>
            <MaterialDefs ids={ids} material={look.material} swatch={swatch} across />
            <rect {...box} fill={fill} />
            {overlays.map((overlay) => (
              <rect key={overlay} {...box} fill={overlay} />
            ))}
            <rect {...box} fill="none" stroke={shade(swatch, 0.25)} strokeWidth="2" />
          </g>
        );
      })}
      <circle cx={FAN_PIVOT.x} cy={FAN_PIVOT.y} r="8" fill="#6b5a45" />
    </>
  );
}

/** The top of the blind: its head rail (a roller's tube), the first slats, vanes or fabric below it, and the wand or chain that works it. */
function HeadRail({ ids, look }: { ids: MaterialIds; look: BlindLook }) {
  const brackets = (
    <>
      <rect x="60" y="80" width="40" height="40" rx="4" fill="#bdb8ae" />
      <rect x="300" y="80" width="40" height="40" rx="4" fill="#bdb8ae" />
    </>
  );
  const wand = (
    <line x1="330" y1="130" x2="330" y2="285" stroke={shade(look.swatch, 0.18)} strokeWidth="7" strokeLinecap="round" />
  );
  switch (look.shape) {
    case 'slats':
    case 'mini-slats': {
      const height = look.shape === 'slats' ? 36 : 16;
      return (
        <>
          <rect
            x="30"
            y="70"
            width="340"
            height="60"
            rx="8"
            fill={slatRailColor(look)}
            stroke={shade(look.swatch, 0.25)}
            strokeWidth="2"
          />
          {brackets}
          {Array.from({ length: Math.floor(160 / (height + 4)) }, (_, n) => (
            <Louvre key={n} box={{ x: 30, y: 136 + n * (height + 4), width: 340, height }} ids={ids} look={look} />
          ))}
          {wand}
        </>
      );
    }
    case 'vanes':
      return (
        <>
          {Array.from({ length: 6 }, (_, n) => (
            <Louvre key={n} box={{ x: 36 + n * 56, y: 112, width: 48, height: 200 }} ids={ids} look={look} />
          ))}
          <rect x="30" y="70" width="340" height="44" rx="6" fill={RAIL_COLOR} stroke="#a9a59b" strokeWidth="2" />
          {wand}
        </>
      );
    case 'fabric': {
      const { fill, overlays } = materialLayers(ids, look.material, look.swatch);
      const panel: Box = { x: 40, y: 100, width: 300, height: 200 };
      return (
        <>
          <rect {...panel} fill="#fff8e1" />
          <g data-part="fabric" data-light={look.light} opacity={1 - look.light}>
            <rect {...panel} fill={fill} />
            {overlays.map((overlay) => (
              <rect key={overlay} {...panel} fill={overlay} />
            ))}
          </g>
          <rect x="30" y="60" width="340" height="48" rx="24" fill={shade(look.swatch, 0.3)} />
          <path d="M354 84 V285" stroke="#9a8f80" strokeWidth="4" strokeDasharray="4 4" strokeLinecap="round" />
        </>
      );
    }
  }
}

export interface BlindDetailProps {
  family: FamilyId;
  series: string;
  /** The chosen colour's code; null draws the series' first colour and says none is chosen. */
  color: string | null;
  opacity?: RollerOpacity;
  view: BlindDetailView;
}

/**
 * A close-up of the blind being configured, in its colour and material: its slats or fabric, its
 * colour among the series' samples, or its head rail. The gallery's pictures after the room; loaded
 * when the gallery is first used, not with the page.
 */
export function BlindDetail({ family, series, color, opacity, view }: BlindDetailProps) {
  const look = blindLook(family, series, color, opacity);
  const instance = useId().replace(/[^a-zA-Z0-9]/g, '');
  const ids = materialIds(instance);
  return (
    <PictureFrame look={look} label={detailLabel(look, view)} viewBox="0 0 400 300">
      <MaterialDefs ids={ids} material={look.material} swatch={look.swatch} across={look.shape === 'vanes'} />
      <rect width="400" height="300" fill={WALL} />
      {view === 'closeUp' && <CloseUp ids={ids} look={look} />}
      {view === 'samples' && <Samples instance={instance} look={look} family={family} series={series} />}
      {view === 'headRail' && <HeadRail ids={ids} look={look} />}
    </PictureFrame>
  );
}
