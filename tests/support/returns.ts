/**
 * What a return request needs on a local stack: a delivered order of the customer's, and photos
 * uploaded with the presigned form the API hands out, as the Returns page does.
 */
import type { ReturnUpload } from '#domain/returns/return-request';
import { addToCart, api, blind, myOrder, newShopper, pay, placeOrder, placement, type Shopper } from './checkout';
import { eventually } from './eventually';

export interface DeliveredOrder {
  shopper: Shopper;
  orderId: string;
  orderNumber: string;
}

/** A customer's order of `quantity` faux wood blinds (for the room given), paid, shipped and delivered by staff as the admin Orders tab does. */
export async function deliveredOrder(
  baseUrl: string,
  staffToken: string,
  quantity: number,
  roomLabel?: string,
): Promise<DeliveredOrder> {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind({ quantity }), roomLabel);
  const order = await placeOrder(baseUrl, shopper, placement(shopper));
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, order.orderId),
    (detail) => detail.paymentStatus === 'paid',
    10_000,
  );
  for (const body of [{ action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' }, { action: 'deliver' }]) {
    const moved = await api(
      baseUrl,
      { accessToken: staffToken },
      'POST',
      `/admin/orders/${order.orderId}/transitions`,
      body,
    );
    if (moved.status !== 200) throw new Error(`${body.action} answered ${moved.status}: ${JSON.stringify(moved.body)}`);
  }
  return { shopper, orderId: order.orderId, orderNumber: order.orderNumber };
}

/** Uploads a file as a return photo of `contentType` (what the browser says it is), with the presigned form. */
export async function uploadReturnPhoto(
  baseUrl: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<ReturnUpload> {
  const form = await api<ReturnUpload>(baseUrl, null, 'POST', '/returns/uploads', { contentType, size: bytes.length });
  if (form.status !== 200) throw new Error(`The upload form answered ${form.status}: ${JSON.stringify(form.body)}`);
  const body = new FormData();
  for (const [name, value] of Object.entries(form.body.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'photo');
  const uploaded = await fetch(form.body.url, { method: 'POST', body });
  if (uploaded.status >= 300) throw new Error(`The bucket answered ${uploaded.status} to the upload`);
  return form.body;
}
