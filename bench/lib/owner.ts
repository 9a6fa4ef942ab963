/**
 * The shop owner's side of the order benchmarks, through the store's admin API as the dashboard
 * calls it: logging in, the COD rules, recording that an order's advance was received, and "Book
 * courier" for the ticked orders.
 */
import { type CodRules, DEFAULT_COD_RULES } from '../../src/common/cod-rules.ts';
import { BOOK_MAX } from '../../src/common/schemas/courier-booking.ts';
import { BENCH_ADMIN } from './server.ts';
import { send } from './shoppers.ts';

export async function ownerCookie(baseUrl: string): Promise<string> {
  const res = await send('POST', `${baseUrl}/api/admin/login`, BENCH_ADMIN);
  const cookie = res.setCookie.map((c) => c.split(';')[0]).join('; ');
  if (res.status !== 200 || !cookie) throw new Error(`Admin login answered ${res.status}: ${res.body.slice(0, 300)}`);
  return cookie;
}

/**
 * COD RULES saved asking no advance of any tier, and no holdout (which would ask the plain one): the
 * shop lets these shoppers pay everything on delivery. Their orders are placed, risk-scored and
 * capped as any order, but none waits for an advance, so each shopper holds no unpaid order and the
 * unpaid-order cap stays at the shop's default (docs/decisions/073-order-cpu.md).
 */
export async function askNoAdvance(baseUrl: string, cookie: string): Promise<void> {
  const none = { kind: 'none' } as const;
  const rules: CodRules = {
    ...DEFAULT_COD_RULES,
    advances: { low: none, medium: none, high: none },
    holdoutPercent: 0,
  };
  const res = await send('PUT', `${baseUrl}/api/admin/cod-rules`, rules, cookie);
  if (res.status !== 200) throw new Error(`Saving the COD rules answered ${res.status}: ${res.body.slice(0, 300)}`);
}

/** The owner found each order's advance in the bank: "received" (a few requests at a time). */
export async function receiveAdvances(baseUrl: string, cookie: string, numbers: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < numbers.length) {
      const number = numbers[next++] as string;
      const res = await send(
        'POST',
        `${baseUrl}/api/admin/orders/${number}/advance`,
        { action: 'received', note: '' },
        cookie,
      );
      if (res.status !== 200) throw new Error(`Advance of ${number} answered ${res.status}: ${res.body.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** "Book courier" for these orders, as many clicks of at most BOOK_MAX ticked orders; how many were queued. */
export async function bookCouriers(baseUrl: string, cookie: string, numbers: readonly string[]): Promise<number> {
  let queued = 0;
  for (let i = 0; i < numbers.length; i += BOOK_MAX) {
    const orderNumbers = numbers.slice(i, i + BOOK_MAX);
    const res = await send('POST', `${baseUrl}/api/admin/orders/book-courier`, { orderNumbers }, cookie);
    if (res.status !== 200) throw new Error(`Book courier answered ${res.status}: ${res.body.slice(0, 300)}`);
    const { results } = JSON.parse(res.body) as { results: Array<{ outcome: string; message: string | null }> };
    queued += results.filter((r) => r.outcome === 'booking').length;
    const refused = results.find((r) => r.outcome === 'refused');
    if (refused) throw new Error(`Book courier refused an order: ${refused.message}`);
  }
  return queued;
}
