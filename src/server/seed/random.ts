/**
 * A tiny seeded PRNG (mulberry32) and the few helpers the seed needs, so the
 * same seed always gives the same catalogue.
 */
import { newId } from '../db/ids.ts';

export type Random = () => number;

/** The default seed: `npm run seed` twice gives the same products. */
export const DEFAULT_SEED = 20_240_601;

/** mulberry32 by Tommy Ettinger: 32-bit state, good enough for demo data. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Integer in [min, max], both included. */
export function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, list: readonly T[]): T {
  if (list.length === 0) throw new Error('pick from an empty list');
  return list[Math.floor(random() * list.length)] as T;
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

/** `count` distinct items of `list`, in list order. */
export function sample<T>(random: Random, list: readonly T[], count: number): T[] {
  const chosen = new Set<number>();
  const n = Math.min(count, list.length);
  while (chosen.size < n) chosen.add(Math.floor(random() * list.length));
  return [...chosen].sort((a, b) => a - b).map((i) => list[i] as T);
}

/** Picks by weight: `weighted(random, [['a', 3], ['b', 1]])` gives 'a' three times in four. */
export function weighted<T>(random: Random, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
}

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * An id in newId's format (time prefix from newId, so ids sort by creation) whose
 * random half comes from the seeded PRNG, so seeding is repeatable.
 */
export function seededId(random: Random, time: number): string {
  let rand = '';
  for (let i = 0; i < 10; i++) rand += ID_ALPHABET[Math.floor(random() * 32)];
  return newId(time).slice(0, 10) + rand;
}
