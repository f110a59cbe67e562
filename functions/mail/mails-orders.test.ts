/**
 * An order's mails as they leave (tests/support/shop-mails.ts has the checks): its confirmation and
 * staff's notice, a purchase order's acknowledgement and notice, its shipping, and its return.
 */
import { paidOrderDetail } from '../../tests/support/paid-order';
import { describeShopMails, HOSTILE, SETTINGS, type MailCase } from '../../tests/support/shop-mails';
import {
  orderConfirmationMail,
  paidOrderStaffMail,
  purchaseOrderConfirmationMail,
  purchaseOrderStaffMail,
  type PlacedPurchaseOrder,
} from '../orders/notify-order-mails';
import { orderStatusMail } from '../orders/order-status-mails';
import { requestedMails, returnStatusMail } from '../returns/notify-returns';

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
const returnMails = requestedMails(returned, SETTINGS);

const cases: MailCase[] = [
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
];

describeShopMails(cases);
