/**
 * A cart line: one configuration of one product for one room. Adding the same configuration for the
 * same room again adds to the line's quantity; the same blind for another room is another line,
 * installed elsewhere. A line is identified by a canonical key of the configuration without its
 * quantity, and its room label.
 */
import { FAMILIES, seriesInfo } from '../catalogue/families';
import {
  VALANCE_RETURN_INCHES,
  VERTICAL_TYPE_LABELS,
  WAND_TILT_LABELS,
  defaultValanceReturn,
} from '../catalogue/options';
import type { Configuration } from '../pricing/configuration';
import { formatEighths, type Dimension } from '../pricing/dimensions';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

/**
 * The same text for every add of the same blind for the same room, whatever the key order or
 * quantity. Without a room it is the configuration's key alone, as it was before rooms counted, so
 * lines stored then are still the ones later adds reach.
 */
export function lineKey(configuration: Configuration, roomLabel: string | null): string {
  const { quantity: _quantity, ...blind } = configuration;
  const key = JSON.stringify(canonical(blind));
  return roomLabel ? `${key}#room:${JSON.stringify(roomLabel)}` : key;
}

/** 35 inches and 4 eighths → 35 1/2". */
export function formatSize(dimension: Dimension | null): string {
  if (!dimension) return '?';
  return dimension.eighths ? `${dimension.inches} ${formatEighths(dimension.eighths)}"` : `${dimension.inches}"`;
}

export function lineTitle(configuration: Configuration): string {
  return `${FAMILIES[configuration.family].name}: ${seriesInfo(configuration.family, configuration.series).label}`;
}

export function colorName(configuration: Configuration): string {
  const color = seriesInfo(configuration.family, configuration.series).colors.find(
    (c) => c.code === configuration.color,
  );
  return color ? `${color.name} (${color.code})` : (configuration.color ?? 'Not selected');
}

function optionLines(configuration: Configuration): string[] {
  switch (configuration.family) {
    case 'faux-wood-blinds':
    case 'wood-blinds': {
      const { wandTilt, holdDown, spacers, cutOut } = configuration.options;
      return [
        `Wand tilt: ${WAND_TILT_LABELS[wandTilt]}`,
        ...(holdDown ? ['Hold-down brackets'] : []),
        ...(spacers ? ['Spacers'] : []),
        ...(cutOut ? ['Cut-out'] : []),
      ];
    }
    case 'mini-blinds': {
      const { wandTilt, holdDown } = configuration.options;
      return [`Wand tilt: ${WAND_TILT_LABELS[wandTilt]}`, ...(holdDown ? ['Hold-down brackets'] : [])];
    }
    case 'roller-shades': {
      const { fascia, fasciaSize } = configuration.options;
      return [`Opacity: ${configuration.opacity}%`, ...(fascia ? [`Fascia: ${fasciaSize}"`] : [])];
    }
    case 'vertical-blinds': {
      const { valanceReturn, splitDraw, drawDirection, verticalType } = configuration.options;
      const valance = valanceReturn ?? defaultValanceReturn(configuration.mount);
      return [
        `Vane: ${VERTICAL_TYPE_LABELS[verticalType]}`,
        `Draw: ${splitDraw ? 'Split draw' : drawDirection}`,
        `Valance return: ${VALANCE_RETURN_INCHES[valance]}"`,
      ];
    }
  }
}

/** The configuration spelled out for the cart: size with fractions, mount, colour, options, room label. */
export function describeLine(configuration: Configuration, roomLabel: string | null): string[] {
  const measured = configuration.measurement === 'window' ? 'window measurement' : 'blind size';
  return [
    `Size: ${formatSize(configuration.width)} W x ${formatSize(configuration.length)} H (${measured})`,
    `Mount: ${configuration.mount === 'inside' ? 'Inside mount' : 'Outside mount'}`,
    ...(configuration.depth ? [`Window depth: ${configuration.depth}"`] : []),
    `Color: ${colorName(configuration)}`,
    ...optionLines(configuration),
    ...(roomLabel ? [`Room: ${roomLabel}`] : []),
  ];
}
