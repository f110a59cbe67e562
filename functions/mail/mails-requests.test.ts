/**
 * The mails of a customer's requests as they leave (tests/support/shop-mails.ts has the checks):
 * samples, a free measurement (and a day of them filled fast), a price match and a quote.
 */
import type { PriceMatchRecord } from '#domain/price-match/price-match';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { sampleProduct } from '#domain/samples/sample';
import { describeShopMails, HOSTILE, SETTINGS, type MailCase } from '../../tests/support/shop-mails';
import { dayFilledFastMail } from '../appointments/day-watch';
import { appointmentMails, type AppointmentChange } from '../appointments/notify-appointment';
import { decisionMail, requestedMails as priceMatchRequestedMails } from '../price-match/notify-price-match';
import { emailedQuoteMail, freightRequestedMail, versionIssuedMail } from '../customer-quotes/notify-quotes';
import { sampleRequestMails } from '../samples/notify-sample-request';

const samples = [sampleProduct('faux-wood-blinds', 'E02')!, sampleProduct('roller-shades', 'RB04')!];
const sampleRequest = {
  requestId: 'req-1',
  reference: 'SR-7K2M9Q',
  submittedAt: '2026-03-05T15:00:00Z',
  shopper: {
    name: HOSTILE,
    email: 'ana@example.com',
    phone: '',
    address1: '12 Elm St',
    address2: '',
    city: 'Plano',
    state: 'TX' as const,
    zipCode: '75024',
  },
  samples: samples.map(({ productName, color, material }) => ({ productName, color, material })),
};

const appointment = {
  appointmentId: 'apt-1',
  appointmentVersion: 2,
  status: 'scheduled' as const,
  date: '2026-03-10',
  time: '10:00 AM' as const,
  timeZone: 'America/Chicago',
  startsAt: '2026-03-10T15:00:00Z',
  durationMinutes: 120,
  contact: {
    name: HOSTILE,
    address: '1200 Elm St',
    zipCode: '75201',
    phone: '214-555-0100',
    email: 'ana@example.com',
    orderNumber: '',
  },
  clientId: null,
  propertyName: null,
};
const manageUrl = 'https://shop.example/appointments/manage?token=abc.def';
const booked: AppointmentChange = { event: 'booked', detail: { ...appointment, bookedAt: '2026-03-05T15:00:00Z' } };
const cancelled: AppointmentChange = {
  event: 'cancelled',
  detail: { ...appointment, status: 'cancelled', by: 'staff', cancelledAt: '2026-03-06T15:00:00Z' },
};

const priceMatch: PriceMatchRecord = {
  id: 'pm-1',
  status: 'requested',
  clientId: 'client-1',
  customer: { name: HOSTILE, email: 'ana@example.com' },
  configuration: { ...defaultConfiguration('faux-wood-blinds'), quantity: 3 },
  title: 'Faux Wood Blinds: Standard',
  description: ['Size: 35" W x 60" H (blind size)', 'Color: Snow (E02)'],
  ourUnitCents: 4462,
  competitorName: HOSTILE,
  competitorUnitCents: 4000,
  competitorUrl: 'https://blinds.example.com/faux-wood?size=35x60',
  note: 'Same <b>2"</b> slats',
  createdAt: '2026-03-20T15:00:00Z',
  updatedAt: '2026-03-20T15:00:00Z',
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  code: null,
};
const priceMatchMails = priceMatchRequestedMails(priceMatch, SETTINGS);

const quoteMail = {
  quoteId: 'quote-1',
  reference: 'Q-ABC234',
  customer: { name: HOSTILE, email: 'ana@example.com' },
  validUntil: '2026-04-04T15:00:00.000Z',
  blindCount: 12,
  totalCents: 123_456,
  shareUrl: 'https://shop.example/quotes/shared/token123',
};
const bookedMails = appointmentMails(booked, manageUrl, SETTINGS);
const sampleMails = sampleRequestMails(sampleRequest, SETTINGS);

const cases: MailCase[] = [
  {
    name: "staff's sample request notice",
    mail: sampleMails.toStaff,
    facts: [
      `From: ${HOSTILE} <ana@example.com>`,
      'Faux Wood Blinds: Standard, Smooth White (E02)',
      'PVC foam faux wood',
      '12 Elm St',
    ],
    links: [],
  },
  {
    name: 'sample request acknowledgement',
    mail: sampleMails.toShopper,
    facts: [
      'Your reference is SR-7K2M9Q.',
      'Faux Wood Blinds: Standard, Smooth White (E02)',
      'PVC foam faux wood',
      '3-7 business days',
    ],
    links: [],
  },
  {
    name: 'measurement booked',
    mail: bookedMails.toCustomer,
    facts: [`Hi ${HOSTILE},`, 'Tuesday', '10:00 AM (Central time)', '1200 Elm St, 75201'],
    links: [manageUrl],
  },
  {
    name: "staff's measurement notice",
    mail: bookedMails.toStaff,
    facts: ['A free measurement was booked.', `Name: ${HOSTILE}`, 'Phone: 214-555-0100'],
    links: [],
  },
  {
    name: 'measurement cancelled by staff',
    mail: appointmentMails(cancelled, manageUrl, SETTINGS).toCustomer,
    facts: ['we had to cancel your free measurement'],
    links: [],
  },
  {
    name: "staff's notice of a day that filled fast",
    mail: dayFilledFastMail(
      { date: '2026-03-10', places: 14, firstTakenAt: '2026-03-05T15:00:00Z', lastTakenAt: '2026-03-05T15:00:04Z' },
      SETTINGS,
    ),
    facts: ['All 14 measurement places on Tuesday, March 10, 2026 were booked within 1 minute.', 'Appointments tab'],
    links: ['https://shop.example/admin'],
  },
  {
    name: "staff's price match notice",
    mail: priceMatchMails.toStaff,
    facts: [
      `${HOSTILE} <ana@example.com> asks us to match`,
      '3 x Faux Wood Blinds: Standard',
      '$44.62',
      '$40.00',
      'Same <b>2"</b> slats',
    ],
    links: ['https://blinds.example.com/faux-wood?size=35x60', 'https://shop.example/admin'],
  },
  {
    name: 'price match acknowledgement',
    mail: priceMatchMails.toCustomer,
    facts: ['Size: 35" W x 60" H (blind size)', 'single-use code for the difference, valid 14 days'],
    links: [],
  },
  {
    name: 'price match approved',
    mail: decisionMail(
      {
        ...priceMatch,
        status: 'approved',
        code: { promotionId: 'promo-1', code: 'PM-ABC234', amountCents: 1386, endsOn: '2026-04-02' },
      },
      SETTINGS.siteUrl,
    ),
    facts: ['PM-ABC234', '$13.86 off an order of 3 or more Faux Wood Blinds, until Thursday, April 2, 2026'],
    links: ['https://shop.example/cart'],
  },
  {
    name: 'price match declined',
    mail: decisionMail(
      { ...priceMatch, status: 'declined', declineReason: `Not the same size: ${HOSTILE}` },
      SETTINGS.siteUrl,
    ),
    facts: ['we cannot match it', `Not the same size: ${HOSTILE}`],
    links: [],
  },
  {
    name: 'a quote e-mailed to an owner',
    mail: emailedQuoteMail(
      { ...quoteMail, recipient: 'owner@example.com', message: HOSTILE, sentAt: '2026-03-05T15:00:00Z' },
      SETTINGS,
    ),
    facts: [`${HOSTILE} sent you our quote Q-ABC234, valid until Saturday, April 4, 2026.`, '$1,234.56', HOSTILE],
    links: ['https://shop.example/quotes/shared/token123'],
  },
  {
    name: "staff's freight quote notice",
    mail: freightRequestedMail({ ...quoteMail, totalCents: null }, SETTINGS),
    facts: [`${HOSTILE} <ana@example.com> asked for a freight quote`, 'Freight to be priced'],
    links: ['https://shop.example/admin'],
  },
  {
    name: "a quote's new version",
    mail: versionIssuedMail(
      { ...quoteMail, reference: 'Q-ABC234 v2', replacedReference: 'Q-ABC234', staffNote: HOSTILE },
      SETTINGS,
    ),
    facts: ['We issued Q-ABC234 v2, which replaces Q-ABC234.', HOSTILE, '$1,234.56'],
    links: ['https://shop.example/account', 'https://shop.example/quotes/shared/token123'],
  },
];

describeShopMails(cases);
