/** The QR code of an order's advance UPI link (docs/product.md#the-advance): Your Orders and the advance link. */
import QRCode from 'qrcode';
import { upiPayLink } from '../../common/advance.ts';
import type { Config } from '../config.ts';
import type { OrderRow } from '../db/tables.ts';
import { orderCodMoney } from '../money/cod-money.ts';

export function advanceQrSvg(upi: NonNullable<Config['upi']>, row: OrderRow): Promise<string> {
  // Drawn here by a kept library, so no outside service ever sees the payment link.
  return QRCode.toString(upiPayLink(upi, row.number, orderCodMoney(row).advance), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
}
