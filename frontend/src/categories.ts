import type { FamilyId } from '#domain/catalogue/families';

/** The five product categories as the header menu and the home page present them. */
export interface Category {
  id: FamilyId;
  name: string;
  path: string;
  description: string;
  image: string;
  subcategories: Array<{ name: string; href: string }>;
}

export const CATEGORIES: Category[] = [
  {
    id: 'faux-wood-blinds',
    name: 'Faux Wood Blinds',
    path: '/faux-wood-blinds',
    description: '2" moisture-proof slats that look like wood: the favourite for kitchens, baths and rentals.',
    image: '/images/category-faux-wood.svg',
    subcategories: [
      { name: 'Standard', href: '/faux-wood-blinds?type=standard' },
      { name: 'Wood-Tone', href: '/faux-wood-blinds?type=wood-tone' },
    ],
  },
  {
    id: 'wood-blinds',
    name: 'Wood Blinds',
    path: '/wood-blinds',
    description: '2" real hardwood slats in smooth painted whites or natural wood stains.',
    image: '/images/category-wood.svg',
    subcategories: [
      { name: 'Smooth Finish', href: '/wood-blinds?finish=smooth' },
      { name: 'Wood Finish', href: '/wood-blinds?finish=wood' },
    ],
  },
  {
    id: 'roller-shades',
    name: 'Roller Shades',
    path: '/roller-shades',
    description: 'Clean-lined solar and blackout shades: Green 2000, Green 3000 and Blackout.',
    image: '/images/category-roller.svg',
    subcategories: [
      { name: 'Green 2000', href: '/roller-shades' },
      { name: 'Green 3000', href: '/roller-shades?series=green3000' },
      { name: 'Blackout', href: '/roller-shades?series=blackout' },
    ],
  },
  {
    id: 'vertical-blinds',
    name: 'Vertical Blinds',
    path: '/vertical-blinds',
    description: '3.5" vanes for patio doors and wide windows, in standard sizes.',
    image: '/images/category-vertical.svg',
    subcategories: [],
  },
  {
    id: 'mini-blinds',
    name: 'Mini Blinds',
    path: '/mini-blinds',
    description: '1" aluminum and vinyl mini blinds: durable, affordable, quick to ship.',
    image: '/images/category-mini.svg',
    subcategories: [
      { name: 'Aluminum', href: '/mini-blinds' },
      { name: 'Vinyl', href: '/mini-blinds?type=vinyl' },
    ],
  },
];
