import { useState } from 'react';
import { localReader } from '../../lib/browser-storage';
import { storedPunchoutSession } from '../../lib/partner-mode';
import { CardCheckout } from './card/CardCheckout';
import { PartnerCheckout } from './PartnerCheckout';

/** A punch-out session returns the cart to the buyer's procurement system instead of paying by card. */
export default function CheckoutPage() {
  const [punchout] = useState(() => storedPunchoutSession(localReader, Date.now()));
  return punchout ? <PartnerCheckout session={punchout} /> : <CardCheckout />;
}
