/** The QR code of an order's advance UPI link (docs/product.md#the-advance): Your Orders and the advance link. */
import QRCode from 'qrcode';
import { upiPayLink } from '../../common/advance.ts';
import type { Config } from '../config.ts';
import type { OrderRow } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import { orderCodMoney } from '../money/cod-money.ts';

export const NOTHING_DUE = 'This order has no advance left to pay.';

/** The QR of the same link and amount as the order's pay link (orderAdvanceOf: the amount due now). */
export function advanceQrSvg(upi: NonNullable<Config['upi']>, row: OrderRow): Promise<string> {
  const { dueNow } = orderCodMoney(row);
  if (dueNow <= 0) throw notFound(NOTHING_DUE);
  // Drawn here by a kept library, so no outside service ever sees the payment link.
  return QRCode.toString(upiPayLink(upi, row.number, dueNow), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
}
