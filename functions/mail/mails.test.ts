/**
 * Every mail the shop sends, rendered as it leaves: the branded layout, the key facts and links in
 * both the HTML and the plain-text part, what a customer typed escaped, and product names without
 * doubled parentheses. The order mails' own wording is tested beside them (functions/orders).
 */
import { describe, expect, it } from 'vitest';
import { businessConfig } from '../lib/config';
import type { PriceMatchRecord } from '#domain/price-match/price-match';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { sampleProduct } from '#domain/samples/sample';
import { paidOrderDetail } from '../../tests/support/paid-order';
import { authMessage } from '../accounts/auth-messages';
import { dayFilledFastMail } from '../appointments/day-watch';
import { appointmentMails, type AppointmentChange } from '../appointments/notify-appointment';
import { jobApplicationMails } from '../careers/notify-job-application';
import { chatMessageMail, chatStartedMail } from '../chat/notify-staff';
import { contactMessageMails } from '../contact/notify-staff';
import type { Mail } from '../lib/mail';
import { decisionMail, requestedMails as priceMatchRequestedMails } from '../price-match/notify-price-match';
import { emailedQuoteMail, freightRequestedMail, versionIssuedMail } from '../customer-quotes/notify-quotes';
import {
  orderConfirmationMail,
  paidOrderStaffMail,
  purchaseOrderConfirmationMail,
  purchaseOrderStaffMail,
  type PlacedPurchaseOrder,
} from '../orders/notify-order-mails';
import { orderStatusMail } from '../orders/order-status-mails';
import { punchoutSubmittedMail } from '../punchout/notify-punchout-submitted';
import { requestedMails, returnStatusMail } from '../returns/notify-returns';
import { sampleRequestMails } from '../samples/notify-sample-request';
import { webhookSwitchedOffMail } from '../webhooks/deliver';

const SETTINGS = { siteUrl: 'https://shop.example', staffEmail: 'staff@shop.example' };
/** What a customer might type into a name or message field. */
const HOSTILE = 'Ana <img src=x onerror=alert(1)> & "Co"';
/** What staff might type into a description, tags included. */
const STAFF_NOTE = 'Orders to <ERP> & "sync"';

/** Text as React writes it into HTML. */
function inHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

interface Case {
  name: string;
  mail: Mail;
  /** Said in both parts. */
  facts: string[];
  /** Linked in the HTML, written out in the text. */
  links: string[];
}

const order = paidOrderDetail({ customer: { name: HOSTILE, email: 'ana@example.com', phone: '' } });
const { paidAt: _paidAt, checkoutSessionId: _session, ...orderFields } = order;
const purchaseOrder: PlacedPurchaseOrder = {
  ...orderFields,
  placedAt: '2026-03-05T15:00:00Z',
  notes: 'Leave at the leasing office',
  purchaseOrder: {
    configurationId: 'cfg-1',
    buyerSystem: 'Coupa',
    buyerOrderId: 'PO-7781',
    payloadId: 'payload-1',
    orderDate: '2026-03-05',
    type: 'new',
    documentTotalCents: order.totals.totalCents,
    currency: 'USD',
    shipTo: {
      name: 'Oak Court',
      deliverTo: [],
      street: ['1200 Elm St'],
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      country: 'US',
      email: '',
    },
    billTo: null,
    items: [
      {
        lineNumber: 9,
        quantity: 1,
        supplierPartId: 'X-1',
        supplierPartAuxiliaryId: '',
        description: 'Installation hardware',
        unitCents: 500,
        unitOfMeasure: 'EA',
        orderLinePosition: null,
      },
    ],
    comments: '',
  },
  priceReview: {
    flagged: true,
    issues: [
      {
        kind: 'unknownLine',
        lineNumber: 9,
        orderedCents: 500,
        expectedCents: null,
        note: 'Line 9 names no blind of the cart.',
      },
    ],
  },
};

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

const returned = {
  returnId: 'ret-1',
  returnNumber: 'RMA-4KX9PQ',
  kind: 'return' as const,
  reason: 'damaged' as const,
  note: HOSTILE,
  orderId: order.orderId,
  orderNumber: order.orderNumber,
  customer: { name: HOSTILE, email: 'ana@example.com' },
  lines: [
    {
      position: 1,
      title: order.lines[0]!.title,
      description: order.lines[0]!.description,
      quantity: 1,
      unitCents: 4140,
    },
  ],
  photoCount: 2,
  refundCents: 4140,
  requestedAt: '2026-03-20T15:00:00Z',
};

const application = {
  applicationId: 'app-1',
  submittedAt: '2026-03-05T15:00:00Z',
  application: {
    firstName: 'Ann',
    lastName: HOSTILE,
    email: 'ann@example.com',
    phone: '',
    coverLetter: 'Six years of installs.\n<b>References</b> on request.',
    jobTitle: 'Blind Installer',
    department: 'Field',
  },
  resume: { key: 'resumes/app-1', fileName: 'ann.pdf', kind: 'pdf' as const, bytes: 20_480 },
};
const resumeLink = 'https://uploads.example/resumes/app-1?X-Amz-Signature=abc&X-Amz-Expires=3600';

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
const returnMails = requestedMails(returned, SETTINGS);
const contact = contactMessageMails(
  {
    messageId: 'm-1',
    submittedAt: '2026-03-05T15:00:00Z',
    message: {
      name: HOSTILE,
      email: 'ana@example.com',
      phone: '',
      hasExistingOrder: true,
      orderNumber: 'HBB-1042',
      subject: 'Install date',
      message: 'Hello,\nCan the crew come <b>Friday</b>?',
    },
  },
  SETTINGS,
);
const applicationMails = jobApplicationMails(application, resumeLink, SETTINGS);
const sampleMails = sampleRequestMails(sampleRequest, SETTINGS);

const cases: Case[] = [
  {
    name: 'order confirmation',
    mail: orderConfirmationMail(order, SETTINGS.siteUrl),
    facts: [
      `Hi ${HOSTILE},`,
      `Order number: ${order.orderNumber}`,
      '2 x Faux Wood Blinds: Standard at $41.40',
      'Room: Living Room',
      'Total',
      '$384.02',
    ],
    links: ['https://shop.example/track-order', 'https://shop.example/account'],
  },
  {
    name: "staff's paid order notice",
    mail: paidOrderStaffMail(
      { ...order, notes: HOSTILE, sampleRequestReference: null },
      SETTINGS.siteUrl,
      SETTINGS.staffEmail,
    ),
    facts: [`Customer: ${HOSTILE} <ana@example.com>`, `Notes: ${HOSTILE}`, '$384.02'],
    links: ['https://shop.example/admin'],
  },
  {
    name: 'purchase order acknowledgement',
    mail: purchaseOrderConfirmationMail(purchaseOrder, SETTINGS.siteUrl),
    facts: ['Your PO number: PO-7781', '1 x Installation hardware at $5.00', 'Purchase order total'],
    links: ['https://shop.example/track-order'],
  },
  {
    name: "staff's purchase order notice",
    mail: purchaseOrderStaffMail(purchaseOrder, SETTINGS.siteUrl, SETTINGS.staffEmail),
    facts: ['Line 9 names no blind of the cart.', 'Comments: Leave at the leasing office'],
    links: ['https://shop.example/admin'],
  },
  {
    name: 'order shipped',
    mail: orderStatusMail(
      {
        ...order,
        to: 'shipped',
        paymentStatus: 'paid',
        changedAt: '2026-03-18T15:00:00Z',
        note: '',
        shipment: {
          carrier: 'UPS',
          trackingNumber: '1Z999',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999&loc=en',
          shippedAt: '2026-03-18T15:00:00Z',
        },
      },
      SETTINGS.siteUrl,
    )!,
    facts: ['Tracking number: 1Z999', 'Faux Wood Blinds: Standard'],
    links: ['https://www.ups.com/track?tracknum=1Z999&loc=en', 'https://shop.example/track-order'],
  },
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
    name: "staff's return request notice",
    mail: returnMails.toStaff,
    facts: [
      `Note: ${HOSTILE}`,
      'Reason: Arrived damaged',
      '1 x Faux Wood Blinds: Standard',
      'Item 1',
      'Color: Smooth White (E02)',
      'Refund on approval and receipt: $41.40',
    ],
    links: ['https://shop.example/admin'],
  },
  {
    name: 'return request acknowledgement',
    mail: returnMails.toCustomer,
    facts: [`Hello ${HOSTILE},`, 'RMA-4KX9PQ', 'Size: 24" W x 36" H (window measurement)'],
    links: [],
  },
  {
    name: 'return refunded',
    mail: returnStatusMail(
      { ...returned, from: 'received', to: 'refunded', staffNote: HOSTILE, changedAt: '2026-03-25T15:00:00Z' },
      SETTINGS.siteUrl,
    )!,
    facts: ['is now refunded', 'Amount refunded: $41.40', HOSTILE],
    links: [],
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
  {
    name: "staff's job application notice",
    mail: applicationMails.toStaff,
    facts: [`From: Ann ${HOSTILE} <ann@example.com>`, 'Role: Blind Installer (Field)', '<b>References</b> on request.'],
    links: [resumeLink],
  },
  {
    name: 'job application acknowledgement',
    mail: applicationMails.toApplicant,
    facts: ['Hi Ann,', 'within 3-7 business days'],
    links: [],
  },
  {
    name: "staff's contact message",
    mail: contact.toStaff,
    facts: [
      `From: ${HOSTILE} <ana@example.com>`,
      'Existing order: yes, HBB-1042',
      'Hello,\nCan the crew come <b>Friday</b>?',
    ],
    links: [],
  },
  {
    name: 'contact acknowledgement',
    mail: contact.toCustomer,
    facts: [`Hi ${HOSTILE},`, 'within 24 hours'],
    links: [],
  },
  {
    name: "staff's chat notice",
    mail: chatMessageMail(
      {
        sessionId: 's-1',
        messageId: 'c-1',
        seq: 2,
        customerName: HOSTILE,
        customerPhone: null,
        text: 'Is <b>Friday</b> free?',
        postedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`${HOSTILE} wrote in the live chat:`, 'Is <b>Friday</b> free?', 'Phone: Not provided'],
    links: ['https://shop.example/admin', 'https://shop.example/chat'],
  },
  {
    name: "staff's chat started notice",
    mail: chatStartedMail(
      {
        sessionId: 's-1',
        customerName: HOSTILE,
        customerPhone: '214-555-0142',
        clientId: null,
        startedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`${HOSTILE} started a live chat on the website.`, 'Phone: 214-555-0142'],
    links: ['https://shop.example/admin'],
  },
  {
    name: "staff's punch-out notice",
    mail: punchoutSubmittedMail(
      {
        submissionId: 'sub-1',
        configId: 'cfg-1',
        accountNumber: 'ACC-9',
        propertyName: 'Oak Court',
        buyerSystem: 'Coupa',
        operationAllowed: 'edit',
        buyer: { email: 'buyer@example.com', firstName: 'Bo', lastName: HOSTILE },
        lines: [
          {
            position: 1,
            quantity: 2,
            unitCents: 4140,
            description: 'Faux Wood Blinds: Standard; Room: Unit 4 bedroom',
          },
        ],
        linesIncluded: true,
        totalCents: 8280,
        submittedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`Buyer: Bo ${HOSTILE} <buyer@example.com>`, 'Room: Unit 4 bedroom', '$82.80'],
    links: [],
  },
  {
    name: "staff's webhook switched-off notice",
    mail: webhookSwitchedOffMail({ url: 'https://hooks.example/orders', description: STAFF_NOTE }, SETTINGS),
    facts: [
      `The webhook to https://hooks.example/orders (${STAFF_NOTE}) has failed every delivery for 3 days`,
      'Admin → Webhooks',
    ],
    links: ['https://shop.example/admin'],
  },
  {
    name: 'account confirmation',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('confirmation', { siteUrl: SETTINGS.siteUrl, email: 'ana+1@example.com', code: '123456' }),
    },
    facts: ['Please confirm your e-mail address', 'Your code is', '123456'],
    links: ['https://shop.example/email-confirmation?type=signup&email=ana%2B1%40example.com&token=123456'],
  },
  {
    name: 'password reset',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('reset', { siteUrl: SETTINGS.siteUrl, email: 'ana@example.com', code: '654321' }),
    },
    facts: ['expires in 1 hour', '654321'],
    links: ['https://shop.example/reset-password?type=recovery&email=ana%40example.com&token=654321'],
  },
  {
    name: 'e-mail address change',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('email-change', { siteUrl: SETTINGS.siteUrl, email: 'new@example.com', code: '246810' }),
    },
    facts: ['Enter the code below in Account Settings', '246810'],
    links: ['https://shop.example/account/settings'],
  },
];

describe.each(cases)('$name', ({ mail, facts, links }) => {
  it('is the branded, phone-width layout with the shop in the header and how to reach it in the footer', () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en">');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('role="presentation"');
    expect(mail.html).toContain(`>${inHtml(businessConfig().name)}</a>`);
    const { name, address, phoneDisplay, phoneE164, email } = businessConfig();
    const addressLine = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
    expect(mail.html).toContain(addressLine);
    expect(mail.html).toContain(`href="tel:${phoneE164}"`);
    expect(mail.html).toContain('href="https://shop.example/contact-us"');
    const footer = `\n--\n${name}\n${addressLine}\n${phoneDisplay} · ${email}\nhttps://shop.example/\n`;
    expect(mail.text.slice(-footer.length)).toBe(footer);
  });

  it('says the key facts in both parts', () => {
    for (const fact of facts) {
      expect(mail.text).toContain(fact);
      expect(mail.html).toContain(inHtml(fact));
    }
  });

  it('links in the HTML what the text part writes out', () => {
    for (const url of links) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${inHtml(url)}"`);
    }
  });

  it('escapes what a customer typed and runs no script', () => {
    expect(mail.html).not.toMatch(/<(img|b|script)\b/i);
    expect(mail.html).not.toContain('onerror=alert(1)>');
  });

  it('names products without parentheses inside parentheses', () => {
    for (const line of mail.text.split('\n')) expect(line).not.toMatch(/\([^)]*\(/);
  });
});

describe('the account mails Cognito sends', () => {
  it("keep Cognito's code placeholder and fit its 20,000-character message", () => {
    for (const kind of ['confirmation', 'reset', 'email-change', 'invitation'] as const) {
      const { html } = authMessage(kind, { siteUrl: SETTINGS.siteUrl, email: 'ana@example.com', code: '{####}' });
      expect(html).toContain('<strong>{####}</strong>');
      expect(html.length).toBeLessThan(20_000);
    }
  });
});
