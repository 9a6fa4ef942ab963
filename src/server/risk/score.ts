/**
 * The score of a cash-on-delivery order (issue 35 items 1 and 2; docs/decisions/059-cod-risk-tiers.md):
 * a sum of the owner's weights, one line per signal that fired, each with its reason in the owner's
 * words. Pure: the facts are read first (history-queries.ts), so every signal is tested with hostile
 * input without a database. A reason never quotes what the shopper typed: it names the signal and
 * the shop's own figures, so an address cannot write into the owner's screen.
 */
import {
  COUNTED_SIGNAL_CAP,
  type CodRules,
  type RiskReason,
  type RiskSignal,
  type RiskTier,
  tierOf,
} from '../../common/cod-rules.ts';
import { deliveryPlace } from '../../common/delivery-place.ts';
import { formatRupees } from '../../common/money.ts';
import type { Place } from '../../common/pincode-directory.ts';
import { hasHouseNumber, hasUsableLandmark, looksRandom, pincodeAgreement } from './address-signals.ts';
import { ADDRESS_ACCOUNTS_LIMIT, type ShopBaseline, type ShopperHistory } from './history-queries.ts';
import type { Outcomes } from './pincode-outcomes.ts';

export interface RiskFacts {
  history: ShopperHistory;
  proven: boolean;
  address: string;
  /** The delivery pincode's and its district's finished orders (null: no pincode the directory knows). */
  pincode: Outcomes | null;
  district: (Outcomes & { name: string }) | null;
  shop: ShopBaseline;
  /** Accounts that ordered to this address, this one included. */
  accountsAtAddress: number;
  total: number;
}

/**
 * How many finished orders the prior weighs: a place's rate is (returned + K·prior) / (finished + K),
 * so one return in a town with one order reads 15%, not 100%, and two of three 17% (issue 35: "one return does not brand
 * a town"). The shop's own prior leans the same way on the industry's COD return rate until it
 * has its own orders.
 */
export const PRIOR_ORDERS = 30;
/** About a quarter of COD parcels come back across Indian e-commerce (Shipway, FY25); a fifth, to be fair. */
export const INDUSTRY_RETURN_RATE = 0.2;
/** A place's rate fires when it is half again the shop's and at least five points above it. */
const AREA_RATIO = 1.5;
const AREA_MARGIN = 0.05;
/** An order this many times the shop's usual value or more. */
export const HIGH_VALUE_TIMES = 3;
/** Accounts at one address from which it is a signal. */
export const SHARED_ADDRESS_ACCOUNTS = 3;

export function shopPrior(shop: Outcomes): number {
  return (shop.returned + PRIOR_ORDERS * INDUSTRY_RETURN_RATE) / (shop.delivered + shop.returned + PRIOR_ORDERS);
}

/** A place's return rate leaning on the prior. */
export function placeRate(place: Outcomes, prior: number): number {
  return (place.returned + PRIOR_ORDERS * prior) / (place.delivered + place.returned + PRIOR_ORDERS);
}

export function areaFires(place: Outcomes, prior: number): boolean {
  const rate = placeRate(place, prior);
  return rate >= prior * AREA_RATIO && rate - prior >= AREA_MARGIN;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The signals that fire, with their counts and reasons, before weights. */
export function signalsOf(
  facts: RiskFacts,
  place: (pincode: string) => Place | null,
): Array<{
  signal: RiskSignal;
  count: number;
  reason: string;
}> {
  const fired: Array<{ signal: RiskSignal; count: number; reason: string }> = [];
  const add = (signal: RiskSignal, count: number, reason: string) => fired.push({ signal, count, reason });
  const h = facts.history;
  const who = '(this account, phone or address)';
  if (h.returned > 0)
    add('returned_before', h.returned, `${plural(h.returned, 'earlier order', 'earlier orders')} came back ${who}`);
  if (h.unpaidCancelled > 0) {
    add(
      'unpaid_before',
      h.unpaidCancelled,
      `${plural(h.unpaidCancelled, 'earlier order', 'earlier orders')} cancelled without the advance paid`,
    );
  }
  if (h.failedAttempts > 0) {
    add(
      'failed_attempts',
      h.failedAttempts,
      `${plural(h.failedAttempts, 'failed delivery attempt', 'failed delivery attempts')} on earlier orders`,
    );
  }
  if (h.delivered > 0)
    add('delivered_before', h.delivered, `${plural(h.delivered, 'earlier order', 'earlier orders')} delivered ${who}`);
  if (h.orders === 0) add('first_order', 1, 'First order at this shop');
  if (!facts.proven) add('phone_not_proven', 1, 'Phone not proven on WhatsApp');

  const prior = shopPrior(facts.shop);
  const { pincode } = deliveryPlace(facts.address);
  const shopWide = `shop-wide ${percent(prior)}`;
  if (pincode && facts.pincode && areaFires(facts.pincode, prior)) {
    const p = facts.pincode;
    add(
      'pincode_returns',
      1,
      `Pincode ${pincode}: ${p.returned} of ${p.delivered + p.returned} finished orders came back (${percent(placeRate(p, prior))} with the prior, ${shopWide})`,
    );
  }
  if (facts.district && areaFires(facts.district, prior)) {
    const d = facts.district;
    add(
      'district_returns',
      1,
      `${d.name} district: ${d.returned} of ${d.delivered + d.returned} finished orders came back (${percent(placeRate(d, prior))} with the prior, ${shopWide})`,
    );
  }

  if (!hasHouseNumber(facts.address)) add('no_house_number', 1, 'No house or flat number in the address');
  if (!hasUsableLandmark(facts.address)) add('no_landmark', 1, 'No usable landmark in the address');
  const agreement = pincodeAgreement(facts.address, place);
  if (agreement === 'no_pincode') add('pincode_mismatch', 1, 'No pincode in the address');
  if (agreement === 'unknown_pincode') add('pincode_mismatch', 1, `Pincode ${pincode} is not in the pincode directory`);
  if (agreement === 'other_state' && pincode) {
    add(
      'pincode_mismatch',
      1,
      `Pincode ${pincode} is in ${place(pincode)?.state ?? 'another state'}, not the state the address names`,
    );
  }
  if (looksRandom(facts.address)) add('random_text', 1, 'The address has repeated or random characters');
  const accounts = Math.min(facts.accountsAtAddress, ADDRESS_ACCOUNTS_LIMIT);
  if (accounts >= SHARED_ADDRESS_ACCOUNTS) {
    add(
      'shared_address',
      1,
      `The same address is on ${accounts}${accounts >= ADDRESS_ACCOUNTS_LIMIT ? ' or more' : ''} accounts`,
    );
  }
  const usual = facts.shop.usualTotal;
  if (usual && usual > 0 && facts.total >= usual * HIGH_VALUE_TIMES) {
    add('high_value', 1, `Order of ${formatRupees(facts.total)} against the shop’s usual ${formatRupees(usual)}`);
  }
  return fired;
}

export interface Scored {
  score: number;
  tier: RiskTier;
  reasons: RiskReason[];
}

/** The score under the owner's weights: signals weighted 0 are off and leave no reason. */
export function scoreOrder(facts: RiskFacts, rules: CodRules, place: (pincode: string) => Place | null): Scored {
  const reasons: RiskReason[] = [];
  for (const { signal, count, reason } of signalsOf(facts, place)) {
    const weight = rules.weights[signal];
    if (weight === 0) continue;
    reasons.push({ signal, points: weight * Math.min(count, COUNTED_SIGNAL_CAP), reason });
  }
  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score, tier: tierOf(score, rules), reasons };
}
