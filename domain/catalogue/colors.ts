/**
 * Colours of every series, with the code printed on the sample and the swatch shown in the
 * configurator. Codes are the contract with the factory; names are what customers see.
 */

export interface Color {
  code: string;
  name: string;
  /** CSS colour of the swatch. */
  swatch: string;
}

/** A colour whose price comes from a colour group of a grid (printed faux wood, mini blinds). */
export interface GroupedColor<Group extends string> extends Color {
  group: Group;
}

/** Faux wood Standard. E02 Smooth White is the default. */
export const FAUX_WOOD_STANDARD_COLORS: readonly Color[] = [
  { code: 'E01', name: 'Bright White', swatch: '#ffffff' },
  { code: 'E02', name: 'Smooth White', swatch: '#f7f6f0' },
  { code: 'E03', name: 'Alabaster', swatch: '#eee8da' },
  { code: 'E05', name: 'Linen', swatch: '#e6dcc8' },
  { code: 'E07', name: 'Dove Gray', swatch: '#c9c7c1' },
];

/**
 * Faux wood Printed Wood Grain. The old shop looked printed colours up in the premium table with
 * "style printed is treated as premium", so all four share the premium colour group.
 */
export const FAUX_WOOD_PRINTED_COLORS: readonly GroupedColor<'premium'>[] = [
  { code: '253', name: 'Pecan', swatch: '#8a5a33', group: 'premium' },
  { code: '254', name: 'Oak', swatch: '#b8874e', group: 'premium' },
  { code: '256', name: 'Chestnut', swatch: '#6b3e26', group: 'premium' },
  { code: '257', name: 'Mahogany', swatch: '#5a2a1e', group: 'premium' },
];

/** Wood Smooth Finish: the smooth group of four whites. */
export const WOOD_SMOOTH_COLORS: readonly Color[] = [
  { code: 'W101', name: 'Snow White', swatch: '#fbfbf8' },
  { code: 'W102', name: 'Pure White', swatch: '#f4f3ee' },
  { code: 'W103', name: 'Antique White', swatch: '#efe6d2' },
  { code: 'W104', name: 'Cream', swatch: '#ece0c3' },
];

/** Wood Finish: the wood group of six stained tones. */
export const WOOD_FINISH_COLORS: readonly Color[] = [
  { code: 'W201', name: 'Natural Oak', swatch: '#c8a273' },
  { code: 'W202', name: 'Golden Oak', swatch: '#a8743a' },
  { code: 'W203', name: 'Honey', swatch: '#b9803f' },
  { code: 'W204', name: 'Cherry', swatch: '#7b3b24' },
  { code: 'W205', name: 'Walnut', swatch: '#5b3a25' },
  { code: 'W206', name: 'Espresso', swatch: '#3a2519' },
];

/** Roller shades: the available colours of each series (the shade_types table). */
export const ROLLER_GREEN_2000_COLORS: readonly Color[] = [
  { code: 'R2001', name: 'White', swatch: '#f8f8f5' },
  { code: 'R2002', name: 'Linen', swatch: '#e3d9c6' },
  { code: 'R2003', name: 'Gray', swatch: '#a9a9a4' },
  { code: 'R2004', name: 'Charcoal', swatch: '#4a4a48' },
];

export const ROLLER_GREEN_3000_COLORS: readonly Color[] = [
  { code: 'R3001', name: 'White', swatch: '#f6f6f2' },
  { code: 'R3002', name: 'Beige', swatch: '#d9ccb1' },
  { code: 'R3003', name: 'Pewter', swatch: '#8e8c86' },
  { code: 'R3004', name: 'Black', swatch: '#262626' },
];

export const ROLLER_BLACKOUT_COLORS: readonly Color[] = [
  { code: 'RB01', name: 'White', swatch: '#fafaf7' },
  { code: 'RB02', name: 'Ivory', swatch: '#efe8d6' },
  { code: 'RB03', name: 'Gray', swatch: '#9c9c98' },
  { code: 'RB04', name: 'Black', swatch: '#1f1f1f' },
];

export const VERTICAL_COLORS: readonly Color[] = [
  { code: 'V01', name: 'White', swatch: '#f9f9f6' },
  { code: 'V02', name: 'Alabaster', swatch: '#eee8da' },
  { code: 'V03', name: 'Ivory', swatch: '#efe6cf' },
  { code: 'V04', name: 'Gray', swatch: '#b4b3ae' },
];

export type MiniBlindColorGroup = 'group1' | 'group2' | 'vinyl';

/** Aluminum mini blinds come in two price groups: plain enamel (group 1) and metallic (group 2). */
export const MINI_ALUMINUM_COLORS: readonly GroupedColor<MiniBlindColorGroup>[] = [
  { code: 'M101', name: 'White', swatch: '#fbfbfb', group: 'group1' },
  { code: 'M102', name: 'Alabaster', swatch: '#eee8da', group: 'group1' },
  { code: 'M103', name: 'Ivory', swatch: '#efe6cf', group: 'group1' },
  { code: 'M201', name: 'Silver', swatch: '#c0c0c0', group: 'group2' },
  { code: 'M202', name: 'Black', swatch: '#222222', group: 'group2' },
  { code: 'M203', name: 'Bronze', swatch: '#6e5a3c', group: 'group2' },
];

export const MINI_VINYL_COLORS: readonly GroupedColor<MiniBlindColorGroup>[] = [
  { code: 'M301', name: 'White', swatch: '#fafafa', group: 'vinyl' },
  { code: 'M302', name: 'Alabaster', swatch: '#ece6d8', group: 'vinyl' },
];
