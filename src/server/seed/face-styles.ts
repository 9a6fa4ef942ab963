/**
 * Colourways and case shapes for generated watch faces: each brand keeps its
 * well-known silhouette (an octagonal bezel for Audemars Piguet, a tonneau for
 * Richard Mille, a square Cartier), colours come from the seeded PRNG.
 */
import { chance, pick, type Random } from './random.ts';
import type { CaseShape, FaceStyle, Markers, Strap } from './watch-face.ts';

/** Dial colours with the names products use ("... Blue Dial"). */
export const DIALS: ReadonlyArray<{ name: string; hex: string; light: boolean }> = [
  { name: 'Black', hex: '#15171b', light: false },
  { name: 'Blue', hex: '#1f3f8f', light: false },
  { name: 'Green', hex: '#1d5c3a', light: false },
  { name: 'Grey', hex: '#555b62', light: false },
  { name: 'Brown', hex: '#6b4429', light: false },
  { name: 'Red', hex: '#8f1c24', light: false },
  { name: 'Purple', hex: '#4b2a6b', light: false },
  { name: 'White', hex: '#f6f5f0', light: true },
  { name: 'Silver', hex: '#c9ccd2', light: true },
  { name: 'Champagne', hex: '#e2cd98', light: true },
  { name: 'Ice Blue', hex: '#bfe3f2', light: true },
  { name: 'Pink', hex: '#f1bccb', light: true },
  { name: 'Mother of Pearl', hex: '#ebe6f0', light: true },
];

const METALS: ReadonlyArray<{ name: string; hex: string }> = [
  { name: 'Steel', hex: '#c3c8ce' },
  { name: 'Steel', hex: '#b9bec5' },
  { name: 'Gold', hex: '#d4af37' },
  { name: 'Rose Gold', hex: '#d89f86' },
  { name: 'Black', hex: '#2c2c30' },
  { name: 'Titanium', hex: '#9ca1a7' },
];
const BACKGROUNDS = ['#f3efe8', '#e9eef3', '#eef2ea', '#f5ebe6', '#ececec', '#e8e6f2', '#f2f0e4'];
const ACCENTS = ['#e03a2f', '#f2b632', '#2ec4b6', '#ff7a1a', '#d4af37'];
const LEATHER = ['#5a3a22', '#1d1d1d', '#8a5a32', '#1e2a44', '#6e1f2a'];
const RUBBER = ['#111111', '#1d3f8f', '#f4f4f4', '#b8322a', '#2f5d3a'];

const SHAPES: Partial<Record<string, readonly CaseShape[]>> = {
  'Audemars Piguet': ['octagon'],
  Hublot: ['octagon'],
  'Richard Mille': ['tonneau'],
  'Franck Muller': ['tonneau'],
  Cartier: ['square', 'round'],
  Panerai: ['cushion'],
  'Jaeger-LeCoultre': ['square', 'round'],
  'Tag Heuer': ['round', 'square'],
  'Jacob & Co': ['round', 'octagon'],
  Casio: ['octagon', 'round'],
};

export interface GeneratedFace {
  style: FaceStyle;
  /** Dial colour name, used in product names and the Color feature. */
  colorName: string;
  /** Case metal name, used in the Strap and case features. */
  metalName: string;
}

/** A face for `brand`; `avoid` keeps a brand's second colourway different from the first. */
export function faceStyle(random: Random, brand: string, chronograph: boolean, avoid?: string): GeneratedFace {
  const shape = pick<CaseShape>(random, SHAPES[brand] ?? ['round']);
  let dial = pick(random, DIALS);
  while (dial.name === avoid) dial = pick(random, DIALS);
  const metal = pick(random, METALS);
  const strap: Strap = pick(random, ['bracelet', 'bracelet', 'leather', 'rubber'] as const);
  const strapColor =
    strap === 'bracelet' ? metal.hex : strap === 'leather' ? pick(random, LEATHER) : pick(random, RUBBER);
  const markers: Markers = pick(random, ['baton', 'baton', 'roman', 'arabic', 'dots'] as const);
  const diver = shape === 'round' && !chronograph && chance(random, 0.35);
  const ink = dial.light ? '#1b1b1f' : '#ffffff';
  return {
    colorName: dial.name,
    metalName: metal.name,
    style: {
      brand,
      shape,
      caseColor: metal.hex,
      bezelColor: diver
        ? pick(random, ['#15171b', '#1f3f8f', '#1d5c3a', '#8f1c24'])
        : chance(random, 0.5)
          ? metal.hex
          : '#3a3d42',
      dialColor: dial.hex,
      inkColor: ink,
      accentColor: pick(random, ACCENTS),
      markers,
      chronograph,
      diver,
      date: !chronograph && chance(random, 0.5),
      strap,
      strapColor,
      background: pick(random, BACKGROUNDS),
    },
  };
}
