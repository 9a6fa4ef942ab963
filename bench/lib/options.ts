/**
 * Command-line options of `npm run bench`: which benchmarks, and the quick
 * development mode (small catalogues, short runs, one run each).
 */
import { flag } from '../../scripts/lib.ts';

export const BENCHES = [
  'api',
  'growth',
  'orders',
  'pages',
  'inp',
  'html',
  'bytes',
  'images',
  'databases',
  'statement',
  'gstr1',
  'tracking',
  'booking',
  'risk',
  'reviews',
] as const;
export type BenchName = (typeof BENCHES)[number];

export interface BenchOptions {
  only: ReadonlySet<BenchName>;
  quick: boolean;
  /** Repetitions whose median is quoted. */
  runs: number;
  /** Seconds of load per autocannon or order run. */
  seconds: number;
  /** Catalogue size of the API, pages, html, bytes and images benchmarks (--products). */
  catalogue: number;
  /** Catalogue sizes of the growth benchmark, smallest first. */
  growthSizes: number[];
  lighthouseRuns: number;
  /** API calls to load (--calls listing,search); all when empty. Handy with --profile. */
  calls: string[];
  /** Run the stores under node --cpu-prof and summarise where their CPU went. */
  profile: boolean;
}

export const USAGE = `Usage: npm run bench -- [--only ${BENCHES.join(',')}] [--quick] [--runs N] [--products N] [--calls listing,product,related,search,home] [--profile]`;

export function parseOptions(args: string[]): BenchOptions {
  const onlyText = flag('only', args);
  const only = new Set<BenchName>();
  for (const name of (onlyText ?? BENCHES.join(',')).split(',').map((s) => s.trim())) {
    if (!(BENCHES as readonly string[]).includes(name)) throw new Error(`Unknown benchmark "${name}".\n${USAGE}`);
    only.add(name as BenchName);
  }
  const quick = args.includes('--quick');
  const productsText = flag('products', args);
  const products = productsText ? Number(productsText) : quick ? 1000 : 100_000;
  if (!Number.isInteger(products) || products < 50 || products > 1_000_000)
    throw new Error(`--products must be a whole number from 50 to 1000000.\n${USAGE}`);
  const runsText = flag('runs', args);
  const runs = runsText ? Number(runsText) : quick ? 1 : 3;
  if (!Number.isInteger(runs) || runs < 1 || runs > 20)
    throw new Error(`--runs must be a whole number from 1 to 20.\n${USAGE}`);
  return {
    only,
    quick,
    runs,
    seconds: quick ? 2 : 8,
    catalogue: products,
    growthSizes: quick ? [300, 1000, 3000] : [1000, 10_000, 100_000],
    lighthouseRuns: quick ? 1 : 5,
    calls: (flag('calls', args) ?? '').split(',').filter(Boolean),
    profile: args.includes('--profile'),
  };
}
