/**
 * The buyer's contract prices in the browser (domain/pricing/price-list.ts): read once per signed-in
 * client or punch-out session, so every page shows the price the server will charge. A failed read
 * leaves list prices on the page; the cart and checkout are priced by the server whatever it shows.
 */
import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { shopDateAt } from '#domain/appointments/schedule';
import { contractUnitCents, type PriceList } from '#domain/pricing/price-list';
import type { PriceResult } from '#domain/pricing/price';
import { fetchBuyerPriceList } from '../api/price-list';
import { partnerBuyerAtom, storedClientAtom } from '../state';

/** The list read for a buyer (`buyer`: the client's id, or the partner session). */
const buyerPriceListAtom = atom<{ buyer: string; priceList: PriceList | null } | null>(null);

let reading: { buyer: string; answer: Promise<PriceList | null> } | null = null;

function readPriceList(buyer: string): Promise<PriceList | null> {
  if (reading?.buyer !== buyer)
    reading = {
      buyer,
      answer: fetchBuyerPriceList().then(
        ({ priceList }) => priceList,
        () => null,
      ),
    };
  return reading.answer;
}

/** The signed-in client's or punch-out buyer's contract prices; null for everyone else (and until read). */
export function useBuyerPriceList(): PriceList | null {
  const client = useAtomValue(storedClientAtom);
  const partner = useAtomValue(partnerBuyerAtom);
  const buyer = partner ? 'partner' : client ? `client:${client.id}` : null;
  const [loaded, setLoaded] = useAtom(buyerPriceListAtom);
  useEffect(() => {
    if (!buyer || loaded?.buyer === buyer) return;
    let current = true;
    void readPriceList(buyer).then((priceList) => {
      if (current) setLoaded({ buyer, priceList });
    });
    return () => {
      current = false;
    };
  }, [buyer, loaded, setLoaded]);
  return buyer && loaded?.buyer === buyer ? loaded.priceList : null;
}

/** The buyer's own unit price for a priced configuration, when their contract makes it lower than the list price; else null. */
export function yourUnitCents(priceList: PriceList | null, result: PriceResult | null): number | null {
  if (!priceList || !result?.ok) return null;
  const yours = contractUnitCents(result.unitCents, result, priceList, shopDateAt(new Date()));
  return yours < result.unitCents ? yours : null;
}

/** `yourUnitCents` for the buyer of this page. */
export function useYourUnitCents(result: PriceResult | null): number | null {
  return yourUnitCents(useBuyerPriceList(), result);
}
