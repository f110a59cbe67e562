/** The static content of the home page: featured products and customer reviews. */

import { PRODUCTION_TIME } from '#domain/claims';

export interface FeaturedProduct {
  id: string;
  title: string;
  type: string;
  /** Display price of the size shown; the configurator recomputes it from the price grid. */
  price: string;
  image: string;
  alt: string;
  link: string;
  description: string;
  features: string[];
}

const fauxWoodLink = (width: number, height: number, mount: 'inside' | 'outside') =>
  `/faux-wood-blinds?width=${width}&height=${height}&mount=${mount}&measurementType=blind`;

export const FEATURED_PRODUCTS: FeaturedProduct[] = [
  {
    id: 'faux-25x72-outside',
    title: '2" Faux Wood Blind 25" x 72"',
    type: 'Outside mount',
    price: '$41.40',
    image: '/images/featured-faux-white.svg',
    alt: 'White faux wood blind mounted outside a tall narrow window',
    link: fauxWoodLink(25, 72, 'outside'),
    description: 'Covers the frame of a narrow window: a crisp white look for bedrooms and rentals.',
    features: ['Moisture-proof PVC slats', 'Left wand tilt', '2-year warranty'],
  },
  {
    id: 'faux-47x72-inside',
    title: '2" Faux Wood Blind 47" x 72"',
    type: 'Inside mount',
    price: '$72.67',
    image: '/images/featured-faux-living.svg',
    alt: 'Faux wood blind fitted inside a wide living room window',
    link: fauxWoodLink(47, 72, 'inside'),
    description: 'The living-room size: fits inside the frame for a clean built-in finish.',
    features: ['Fits inside the window frame', 'Wand tilt left, right or center', `Made in ${PRODUCTION_TIME}`],
  },
  {
    id: 'faux-35x60-inside',
    title: '2" Faux Wood Blind 35" x 60"',
    type: 'Inside mount',
    price: '$44.62',
    image: '/images/featured-faux-kitchen.svg',
    alt: 'Faux wood blind inside a kitchen window above the sink',
    link: fauxWoodLink(35, 60, 'inside'),
    description: 'The most common apartment window, ready for kitchens and baths.',
    features: ['Humidity and warp resistant', 'Wipe-clean finish', 'Free DFW delivery'],
  },
  {
    id: 'faux-35x72-inside',
    title: '2" Faux Wood Blind 35" x 72"',
    type: 'Inside mount',
    price: '$53.55',
    image: '/images/featured-faux-bedroom.svg',
    alt: 'Faux wood blind inside a tall bedroom window',
    link: fauxWoodLink(35, 72, 'inside'),
    description: 'Tall bedroom windows with full privacy when closed and soft light when tilted.',
    features: ['Full privacy when closed', '3 1/4" matching valance', 'Made to the 1/8 inch'],
  },
];

export interface Review {
  id: string;
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  date: string;
  text: string;
  product: string;
}

export const REVIEWS: Review[] = [
  {
    id: 'r1',
    name: 'Marisol G.',
    rating: 5,
    date: '2 weeks ago',
    text: 'We turned over 14 units in Irving and needed blinds fast. They measured on Monday and installed on Friday. Every blind fit perfectly.',
    product: 'Faux Wood Blinds',
  },
  {
    id: 'r2',
    name: 'Derek T.',
    rating: 5,
    date: '1 month ago',
    text: 'The wood blinds in our living room look fantastic. Pricing was clear online and far below what the big-box store quoted.',
    product: 'Wood Blinds',
  },
  {
    id: 'r3',
    name: 'Priya S.',
    rating: 4,
    date: '1 month ago',
    text: 'Blackout roller shades made the nursery dark enough for naps. One shade needed a small adjustment and they came back the next day.',
    product: 'Roller Shades',
  },
  {
    id: 'r4',
    name: 'Tom W.',
    rating: 5,
    date: '2 months ago',
    text: 'Vertical blinds for our patio door arrived in four days. Friendly crew, clean install, and they hauled away the old ones.',
    product: 'Vertical Blinds',
  },
];
