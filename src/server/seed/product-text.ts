/**
 * Words of a generated product: name, a 1-3 sentence description and the
 * specification rows (Brand, Machine, Color, Chronograph first, as the upload
 * form's defaults; then Strap, Case Size, Water Resistance and a few more).
 */
import type { Category } from '../../common/catalog.ts';
import type { PoolFace } from './images.ts';
import type { WatchModel } from './models.ts';
import { chance, pick, type Random } from './random.ts';

export interface Feature {
  name: string;
  description: string;
}

export interface WatchSpec {
  brand: string;
  category: Category;
  model: WatchModel;
  face: PoolFace;
  sizeMm: number;
  machine: string;
}

const WOMEN_SIZES = [28, 29, 31, 32, 33, 34, 36];
const MEN_SIZES = [38, 39, 40, 41, 41, 42, 43, 44, 45];

export function caseSize(random: Random, category: Category, model: WatchModel): number {
  return pick(random, category === 'women watch' || model.women ? WOMEN_SIZES : MEN_SIZES);
}

export function machineFor(random: Random, brand: string, category: Category, model: WatchModel): string {
  if (category === 'swizz eta watch')
    return model.chronograph ? 'Swiss ETA 7750 Automatic' : 'Swiss ETA 2824-2 Automatic';
  if (category === 'original watch') {
    if (brand === 'Seiko') return pick(random, ['Automatic', 'Solar Quartz', 'Quartz']);
    if (brand === 'Casio') return pick(random, ['Quartz', 'Solar Quartz']);
    return pick(random, ['Quartz', 'Quartz', 'Automatic']);
  }
  if (category === 'women watch') return pick(random, ['Quartz', 'Quartz', 'Automatic']);
  return pick(random, ['Automatic', 'Automatic', 'Quartz', 'Japanese Miyota Automatic']);
}

export function productName(spec: WatchSpec): string {
  const base = `${spec.brand} ${spec.model.name} ${spec.sizeMm}mm ${spec.face.color} Dial`;
  return spec.category === 'swizz eta watch' ? `${base} Swiss ETA` : base;
}

function strapText(face: PoolFace): string {
  if (face.strap === 'leather') return 'Genuine Leather';
  if (face.strap === 'rubber') return 'Rubber';
  return face.metal === 'Steel' || face.metal === 'Titanium' ? `${face.metal} Bracelet` : `${face.metal} Tone Bracelet`;
}

function waterResistance(random: Random, spec: WatchSpec): string {
  if (spec.model.diver || spec.face.diver) return '300 m';
  return spec.category === 'original watch' ? '50 m' : pick(random, ['30 m', '50 m', '100 m']);
}

export function features(random: Random, spec: WatchSpec): Feature[] {
  const list: Feature[] = [
    { name: 'Brand', description: spec.brand },
    { name: 'Machine', description: spec.machine },
    { name: 'Color', description: spec.face.color },
    { name: 'Chronograph', description: spec.model.chronograph ? 'Yes' : 'No' },
    { name: 'Strap', description: strapText(spec.face) },
    { name: 'Case Size', description: `${spec.sizeMm} mm` },
    { name: 'Water Resistance', description: waterResistance(random, spec) },
  ];
  if (chance(random, 0.6))
    list.push({ name: 'Glass', description: pick(random, ['Sapphire Crystal', 'Mineral Crystal']) });
  if (spec.category === 'original watch') list.push({ name: 'Warranty', description: '2 years brand warranty' });
  else if (chance(random, 0.5)) list.push({ name: 'Box', description: 'Premium box with care card' });
  return list;
}

const OPENERS: Record<Category, Array<(s: WatchSpec, dial: string) => string>> = {
  'men watch': [
    (s, dial) =>
      `A bold ${s.brand} ${s.model.name} with a ${dial} dial and a ${s.sizeMm}mm ${s.face.metal.toLowerCase()} case.`,
    (s, dial) => `The ${s.brand} ${s.model.name} in ${dial}: a classic men's watch that works from office to weekend.`,
  ],
  'women watch': [
    (s, dial) => `An elegant ${s.sizeMm}mm ${s.brand} ${s.model.name} with a ${dial} dial, made to dress up or down.`,
    (s, dial) => `The ${s.brand} ${s.model.name} pairs a ${dial} dial with a slim ${s.face.metal.toLowerCase()} case.`,
  ],
  'celebrity watch': [
    (s, dial) =>
      `The ${s.brand} ${s.model.name} seen on the wrists of film stars and cricketers, here with a ${dial} dial.`,
    (s, dial) => `A red-carpet favourite: the ${s.brand} ${s.model.name} with a ${dial} dial.`,
  ],
  'swizz eta watch': [
    (s, dial) =>
      `${s.brand} ${s.model.name} powered by a ${s.machine.replace(' Automatic', '')} automatic movement, with a ${dial} dial.`,
    (s, dial) => `Swiss ETA movement inside a ${s.sizeMm}mm ${s.brand} ${s.model.name} case with a ${dial} dial.`,
  ],
  'original watch': [
    (s, dial) => `100% original ${s.brand} ${s.model.name} with a ${dial} dial, brand box and warranty card.`,
    (s, dial) =>
      `Genuine ${s.brand} ${s.model.name} (${s.machine.toLowerCase()}) with a ${dial} dial, sold with its original box.`,
  ],
};

const EXTRAS = [
  'Sapphire crystal glass and a screw-down crown.',
  'Comes in a premium box with a care card.',
  'Cash on delivery available across India.',
  'Comfortable on the wrist all day.',
  'Every piece is checked before dispatch.',
];

export function description(random: Random, spec: WatchSpec): string {
  const dial = spec.face.color.toLowerCase();
  const sentences = [pick(random, OPENERS[spec.category])(spec, dial)];
  if (spec.model.chronograph && chance(random, 0.6)) sentences.push('Working chronograph with stopwatch subdials.');
  else if (spec.machine.includes('Automatic') && chance(random, 0.5))
    sentences.push('Smooth sweeping seconds hand, no battery needed.');
  if (chance(random, 0.5)) sentences.push(pick(random, EXTRAS));
  return sentences.slice(0, 3).join(' ');
}

export const SPINNING_TEXTS = [
  'Free shipping across India',
  'Cash on delivery available',
  'Only a few left in stock',
  'Hurry! Sale ends soon',
  'Premium box included',
  'Trending this week',
];
