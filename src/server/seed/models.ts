/**
 * Plausible model names per brand, so generated products read like a real shop's
 * ("Rolex Submariner Date 41mm Black Dial"). Flags: c = chronograph, d = diver,
 * w = usually a women's model.
 */
import type { Brand } from '../../common/catalog.ts';

export interface WatchModel {
  name: string;
  chronograph: boolean;
  diver: boolean;
  women: boolean;
}

const RAW: Record<Brand, string[]> = {
  Rolex: [
    'Submariner Date:d',
    'Cosmograph Daytona:c',
    'Datejust:w',
    'GMT-Master II',
    'Day-Date',
    'Yacht-Master:d',
    'Oyster Perpetual:w',
    'Explorer',
    'Sky-Dweller',
    'Lady-Datejust:w',
  ],
  Omega: [
    'Seamaster Diver 300M:d',
    'Seamaster Aqua Terra',
    'Speedmaster Moonwatch:c',
    'Constellation:w',
    'De Ville Prestige:w',
    'Seamaster Planet Ocean:d',
  ],
  'Audemars Piguet': [
    'Royal Oak',
    'Royal Oak Offshore Chronograph:c',
    'Royal Oak Chronograph:c',
    'Code 11.59',
    'Royal Oak Lady:w',
  ],
  'Patek Philippe': ['Nautilus', 'Aquanaut', 'Calatrava', 'Nautilus Chronograph:c', 'Twenty~4:w', 'Annual Calendar'],
  Hublot: [
    'Big Bang Unico:c',
    'Classic Fusion',
    'Spirit of Big Bang:c',
    'Big Bang One Click:w',
    'Classic Fusion Chronograph:c',
  ],
  'Tag Heuer': [
    'Carrera Chronograph:c',
    'Monaco:c',
    'Aquaracer Professional 300:d',
    'Formula 1 Chronograph:c',
    'Link Lady:w',
  ],
  Cartier: ['Santos de Cartier', 'Tank Française:w', 'Ballon Bleu:w', 'Panthère:w', 'Pasha', 'Santos Chronograph:c'],
  Breitling: [
    'Navitimer B01 Chronograph:c',
    'Superocean:d',
    'Chronomat B01:c',
    'Avenger Chronograph:c',
    'Premier',
    'Navitimer 32:w',
  ],
  Panerai: ['Luminor Marina', 'Luminor Due:w', 'Submersible:d', 'Radiomir', 'Luminor Chrono:c'],
  'Richard Mille': ['RM 011 Flyback Chronograph:c', 'RM 035', 'RM 055', 'RM 07-01:w', 'RM 067'],
  Rado: ['Captain Cook:d', 'True Thinline:w', 'Centrix:w', 'HyperChrome Chronograph:c', 'DiaStar Original'],
  Tissot: ['PRX Powermatic 80', 'Seastar 1000:d', 'Le Locle', 'PRX Chronograph:c', 'Flamingo:w', 'Gentleman'],
  Longines: ['Master Collection', 'HydroConquest:d', 'Conquest', 'DolceVita:w', 'Spirit Chronograph:c'],
  IWC: ['Portugieser Chronograph:c', 'Pilot\u2019s Watch Mark XX', 'Portofino:w', 'Big Pilot', 'Aquatimer:d'],
  'Jacob & Co': ['Epic X Chrono:c', 'Astronomia', 'Bugatti Chiron', 'Brilliant:w', 'Palatial'],
  'Franck Muller': ['Vanguard', 'Long Island:w', 'Cintrée Curvex', 'Vanguard Chronograph:c', 'Master Square:w'],
  'Ulysse Nardin': ['Marine Torpedo', 'Diver 44:d', 'Freak X', 'Blast', 'Jade:w'],
  Bvlgari: ['Octo Finissimo', 'Serpenti Tubogas:w', 'Bvlgari Bvlgari:w', 'Aluminium Chronograph:c', 'Lvcea:w'],
  Chopard: ['Happy Sport:w', 'Alpine Eagle', 'Mille Miglia Chronograph:c', 'L.U.C XPS', 'Happy Diamonds:w'],
  'Jaeger-LeCoultre': [
    'Reverso Classic:w',
    'Master Ultra Thin',
    'Polaris Chronograph:c',
    'Rendez-Vous:w',
    'Master Control',
  ],
  'Vacheron Constantin': ['Overseas', 'Patrimony', 'Traditionnelle', 'Overseas Chronograph:c', 'Égérie:w'],
  'Armani Exchange': ['Hampton', 'Cayde', 'Lola:w', 'Outerbanks Chronograph:c', 'Lady Banks:w'],
  'Michael Kors': [
    'Lexington Chronograph:c',
    'Parker:w',
    'Runway:w',
    'Slim Runway',
    'Darci:w',
    'Bradshaw Chronograph:c',
  ],
  'Tommy Hilfiger': ['Decker Chronograph:c', 'Stewart', 'Kenzie:w', 'Ashley:w', 'Trent'],
  Fossil: ['Grant Chronograph:c', 'Townsman', 'Neutra Chronograph:c', 'Jacqueline:w', 'Machine', 'Carlie:w'],
  Casio: ['G-Shock GA-2100', 'Edifice Chronograph:c', 'Vintage A168', 'Enticer', 'Sheen:w', 'Duro Diver:d'],
  Titan: ['Edge', 'Neo Splash', 'Raga:w', 'Octane Chronograph:c', 'Karishma', 'Purple Glam:w'],
  Seiko: [
    'Presage Cocktail Time',
    'Prospex Diver:d',
    'Seiko 5 Sports',
    'Chronograph SSB:c',
    'Astron GPS Solar',
    'Lady Solar:w',
  ],
};

function parse(entry: string): WatchModel {
  const [name = entry, flags = ''] = entry.split(':');
  return { name, chronograph: flags.includes('c'), diver: flags.includes('d'), women: flags.includes('w') };
}

export const MODELS: Record<string, WatchModel[]> = Object.fromEntries(
  Object.entries(RAW).map(([brand, list]) => [brand, list.map(parse)]),
);

export function modelsOf(brand: string): WatchModel[] {
  return MODELS[brand] ?? [{ name: 'Classic', chronograph: false, diver: false, women: false }];
}

export function hasChronograph(brand: string): boolean {
  return modelsOf(brand).some((m) => m.chronograph);
}
