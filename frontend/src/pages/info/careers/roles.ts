/** Open roles, by career category. Every role is based in Dallas-Fort Worth. */

import { PRODUCTION_TIME } from '#domain/claims';

export type CareerCategoryId = 'field' | 'technology' | 'leadership';

export interface CareerRole {
  id: string;
  title: string;
  location: string;
  type: 'Full-time' | 'Part-time' | 'Contract';
  summary: string;
  responsibilities: string[];
  requirements: string[];
}

export interface CareerCategory {
  id: CareerCategoryId;
  path: string;
  /** Also the department an application names. */
  name: string;
  pageTitle: string;
  tagline: string;
  intro: string;
  roles: CareerRole[];
}

const DFW = 'Dallas-Fort Worth, TX';

export const careerCategories: CareerCategory[] = [
  {
    id: 'field',
    path: '/careers/field',
    name: 'Field',
    pageTitle: 'Field Careers',
    tagline: 'Install, measure and deliver across the metro.',
    intro:
      'Our field teams are the people customers meet: they measure windows, install blinds in homes and apartment communities, and keep deliveries on schedule for property turnovers.',
    roles: [
      {
        id: 'blind-installer',
        title: 'Blind Installer',
        location: DFW,
        type: 'Full-time',
        summary:
          'Install custom blinds and shades in homes, apartments and commercial properties across the DFW metro.',
        responsibilities: [
          'Install wood, faux wood, roller, vertical and mini blinds to manufacturer standards',
          'Remove and haul away old window coverings',
          'Work from ladders, including 2-person high-window installs',
          'Walk customers through operating and caring for their new blinds',
        ],
        requirements: [
          'One year of installation, carpentry or handyman experience',
          'Valid Texas driver license and a clean driving record',
          'Comfortable on ladders and lifting 50 lb',
          'Own basic hand tools and a cordless drill',
        ],
      },
      {
        id: 'measurement-technician',
        title: 'Measurement Technician',
        location: DFW,
        type: 'Full-time',
        summary:
          'Visit homes and properties to measure windows to the 1/8 inch and help customers choose the right products.',
        responsibilities: [
          'Run free in-home measurement appointments, about four a day',
          'Measure width and height in three places and record inside or outside mount',
          'Recommend products and options that suit each window',
          'Enter measurements accurately in our ordering system the same day',
        ],
        requirements: [
          'Attention to detail and a steady hand with a tape measure',
          'Friendly, clear communication with homeowners and property staff',
          'Valid Texas driver license and reliable transportation (mileage reimbursed)',
          'Spanish a plus',
        ],
      },
      {
        id: 'delivery-driver',
        title: 'Delivery Driver',
        location: DFW,
        type: 'Full-time',
        summary: 'Deliver orders to homes and apartment communities from our partner warehouse.',
        responsibilities: [
          'Load, route and deliver 15-30 stops a day in a company box truck',
          'Check each delivery against the order and collect signatures',
          'Coordinate drop-offs with leasing offices and maintenance teams',
        ],
        requirements: [
          'Valid Texas driver license; no CDL needed',
          'Able to lift 50 lb and handle boxes up to 10 ft long',
          'Good navigation and time management',
        ],
      },
      {
        id: 'warehouse-associate',
        title: 'Warehouse and Cutting Associate',
        location: DFW,
        type: 'Part-time',
        summary: 'Cut blinds to size and pack orders at our 120,000 sq ft partner warehouse, 25-30 hours a week.',
        responsibilities: [
          'Cut head rails, slats and fabric to order measurements',
          'Quality-check and label each blind by room',
          'Pack and stage orders for delivery and parcel shipping',
        ],
        requirements: [
          'Comfortable with measuring tools and cutting equipment (training provided)',
          'Able to stand for a full shift and lift 40 lb',
          'Weekday availability between 7 AM and 4 PM',
        ],
      },
    ],
  },
  {
    id: 'technology',
    path: '/careers/technology',
    name: 'Technology',
    pageTitle: 'Technology Careers',
    tagline: 'Build the shop, the pricing engine and the integrations.',
    intro:
      'A small team builds everything behind the shop: the storefront and configurators, the pricing engine, checkout, and the procurement integrations that property managers order through.',
    roles: [
      {
        id: 'full-stack-engineer',
        title: 'Full-Stack Engineer (TypeScript)',
        location: `${DFW} (hybrid)`,
        type: 'Full-time',
        summary:
          'Build storefront, checkout and account features in React and TypeScript on a serverless AWS back end.',
        responsibilities: [
          'Ship features across the React storefront and Lambda APIs',
          'Keep the configurators fast and accessible on phones',
          'Write unit, integration and end-to-end tests for what you build',
        ],
        requirements: [
          'Three years building web applications with TypeScript',
          'Experience with React and a cloud provider (AWS preferred)',
          'Care for accessibility and performance',
        ],
      },
      {
        id: 'integration-engineer',
        title: 'Procurement Integration Engineer',
        location: `${DFW} (hybrid)`,
        type: 'Full-time',
        summary: 'Connect our catalogue to property-management procurement systems through cXML punch-out.',
        responsibilities: [
          'Build and maintain cXML punch-out and order integrations',
          'Work with partner IT teams to onboard new buyer organizations',
          'Monitor integrations and resolve failed orders and invoices',
        ],
        requirements: [
          'Experience with B2B integrations (cXML, EDI or similar)',
          'Solid TypeScript or another backend language',
          'Clear written communication with partner teams',
        ],
      },
      {
        id: 'it-support-specialist',
        title: 'IT and Systems Support Specialist',
        location: DFW,
        type: 'Full-time',
        summary:
          'Keep our office, warehouse and field teams running: devices, accounts, networks and the tools they use daily.',
        responsibilities: [
          'Set up and support laptops, tablets and phones for field crews',
          'Manage user accounts and access for staff tools',
          'Maintain the office and warehouse network and printers',
        ],
        requirements: [
          'Two years of IT support experience',
          'Comfort with Windows, macOS, iOS and Android devices',
          'A patient, helpful approach with non-technical colleagues',
        ],
      },
    ],
  },
  {
    id: 'leadership',
    path: '/careers/leadership',
    name: 'Leadership',
    pageTitle: 'Leadership Careers',
    tagline: 'Lead the teams that make and deliver every order on time.',
    intro:
      'We are growing quickly across Dallas-Fort Worth and looking for leaders who can build teams, keep promises to customers and scale how we work.',
    roles: [
      {
        id: 'operations-manager',
        title: 'Operations Manager',
        location: DFW,
        type: 'Full-time',
        summary: 'Run day-to-day production, delivery and installation scheduling so every order ships on time.',
        responsibilities: [
          'Plan production, delivery routes and installation crews each week',
          `Hold the production promise of ${PRODUCTION_TIME} and the delivery that follows it`,
          'Lead, hire and coach warehouse and field supervisors',
          'Track quality and remakes, and fix their causes',
        ],
        requirements: [
          'Five years in operations, logistics or construction management',
          'Three years leading teams of ten or more',
          'Strong with spreadsheets, scheduling tools and data',
        ],
      },
      {
        id: 'property-accounts-director',
        title: 'Director of Property Management Accounts',
        location: DFW,
        type: 'Full-time',
        summary: 'Win and grow relationships with property-management companies, builders and commercial developers.',
        responsibilities: [
          'Own a portfolio of multi-family and commercial accounts',
          'Negotiate volume pricing and service agreements',
          'Work with operations to deliver unit turnovers on time',
        ],
        requirements: [
          'Seven years in B2B sales or account management, ideally in multi-family housing',
          'A network in the DFW property-management community',
          'Experience with procurement platforms such as RealPage, Coupa or Ariba',
        ],
      },
      {
        id: 'customer-experience-lead',
        title: 'Customer Experience Lead',
        location: DFW,
        type: 'Full-time',
        summary:
          'Lead the team that answers calls, e-mails and live chats, and make every customer conversation count.',
        responsibilities: [
          'Lead and schedule a team of customer specialists',
          'Handle escalations, returns and Fit Assurance remakes',
          'Turn customer feedback into improvements to the shop and our process',
        ],
        requirements: [
          'Four years in customer service, two of them leading a team',
          'Calm and clear under pressure',
          'Experience with help-desk and chat tools',
        ],
      },
    ],
  },
];

export function careerCategory(id: CareerCategoryId): CareerCategory {
  const category = careerCategories.find((candidate) => candidate.id === id);
  if (!category) throw new Error(`Unknown career category ${id}`);
  return category;
}
