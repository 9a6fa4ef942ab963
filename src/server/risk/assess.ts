/**
 * The risk of an order being placed (issue 35 items 1, 2, 5; docs/decisions/059-cod-risk-tiers.md),
 * read inside the order's transaction (orders/place-order.ts): the facts from the shop's own data,
 * the score and tier under the rules in force, the holdout draw, and the advance the order is
 * asked, stored on the order with its reasons. A holdout order gets the shop's plain default
 * advance (COD_ADVANCE) whatever its tier, so the report can compare the rules with doing nothing.
 */
import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type RiskReason, type RiskTier, tierAdvanceAmount } from '../../common/cod-rules.ts';
import { deliveryPlace } from '../../common/delivery-place.ts';
import type { Database } from '../db/tables.ts';
import { addressKey } from './address-signals.ts';
import { type OrderScalars, orderScalars, shopBaseline, shopperHistory } from './history-queries.ts';
import { districtPincodes, placeOfPincode } from './pincode-areas.ts';
import { pincodeAndDistrictOutcomes } from './pincode-outcomes.ts';
import { rulesOfSet } from './rules-queries.ts';
import { type RiskFacts, scoreOrder } from './score.ts';

export interface OrderToAssess {
  userId: string;
  phone: string;
  address: string;
  total: number;
}

export interface Assessment {
  tier: RiskTier;
  score: number;
  holdout: boolean;
  reasons: RiskReason[];
  /** Whole rupees: what the order asks before packing (its advance_amount). */
  advance: number;
  rulesId: string | null;
  pincode: string | null;
  addressKey: string;
}

/** Drawn per order: true for `percent` of orders. Passed in so a test can fix it. */
export type HoldoutDraw = (percent: number) => boolean;
export const randomHoldout: HoldoutDraw = (percent) => randomInt(0, 10_000) < Math.round(percent * 100);

/** Everything the score reads, from indexed counts (history-queries.ts); the one-value facts read already. */
export async function riskFacts(
  trx: Transaction<Database>,
  order: OrderToAssess,
  key: string,
  scalars: OrderScalars,
): Promise<RiskFacts> {
  const { pincode } = deliveryPlace(order.address);
  const place = pincode ? placeOfPincode(pincode) : null;
  const [history, area, shop] = [
    await shopperHistory(trx, order.userId, order.phone, key),
    pincode ? await pincodeAndDistrictOutcomes(trx, pincode, place ? districtPincodes(pincode) : null) : null,
    await shopBaseline(trx, trx.getExecutor().adapter),
  ];
  return {
    history,
    proven: scalars.proven,
    address: order.address,
    pincode: area?.pincode ?? null,
    district: area?.district && place ? { ...area.district, name: place.district } : null,
    shop,
    accountsAtAddress: scalars.accountsAtAddress,
    total: order.total,
  };
}

export async function assessOrder(
  trx: Transaction<Database>,
  order: OrderToAssess,
  defaultAdvance: number,
  draw: HoldoutDraw = randomHoldout,
): Promise<Assessment> {
  const key = addressKey(order.address);
  const scalars = await orderScalars(trx, { userId: order.userId, phone: order.phone, addressKey: key });
  const { id, rules } = await rulesOfSet(trx, scalars.rules);
  const scored = scoreOrder(await riskFacts(trx, order, key, scalars), rules, placeOfPincode);
  const holdout = draw(rules.holdoutPercent);
  const advance = holdout
    ? Math.min(defaultAdvance, order.total)
    : tierAdvanceAmount(rules.advances[scored.tier], order.total, defaultAdvance);
  return {
    ...scored,
    holdout,
    advance,
    rulesId: id,
    pincode: deliveryPlace(order.address).pincode,
    addressKey: key,
  };
}

/** The order's columns for its assessment (written once, at placement). */
export function riskColumns(risk: Assessment) {
  return {
    advance_amount: risk.advance,
    risk_tier: risk.tier,
    risk_score: risk.score,
    risk_holdout: risk.holdout ? 1 : 0,
    risk_reasons: JSON.stringify(risk.reasons),
    risk_rules_id: risk.rulesId,
    delivery_pincode: risk.pincode,
    address_key: risk.addressKey,
  };
}
