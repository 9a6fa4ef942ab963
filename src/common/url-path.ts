/**
 * The pure half of the router: parsing and building URLs, matching a path
 * pattern, ranking the matches and resolving relative links. No DOM here, so
 * it is unit-tested in node (url-path.test.ts), and the server uses it to
 * tell the app's pages from unknown paths (page-paths.ts).
 */

export interface Path {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
}

/** Where a link or navigate() goes: a URL string or the parts of one. */
export type To = string | Partial<Path>;

export type Params = Record<string, string | undefined>;

export interface PathMatch {
  params: Params;
  /** The part of the (still encoded) pathname this pattern consumed; nested routes resolve from it. */
  pathnameBase: string;
}

/** Splits '/a?b=1#c' into its parts; a missing pathname stays ''. */
export function parsePath(url: string): Path {
  let rest = url;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  return { pathname: rest, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const s = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const h = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${s}${h}`;
}

/** Path segments without empty ones, so '/a/', '/a' and 'a' read the same. */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/** decodeURIComponent that keeps malformed escapes ('%E0%A4%A') as typed instead of throwing. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const PARAM = /^:([\w-]+)$/;

/**
 * Matches `pattern` ('/product/:cate', 'editproduct/:proid', '/dashboard/*', '')
 * against an encoded pathname. Static segments compare case-insensitively (as
 * react-router did), params are decoded, and a trailing '*' takes the rest as
 * params['*']. Returns null when it does not match.
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).map(safeDecode).join('/');
      return { params, pathnameBase: `/${have.slice(0, i).join('/')}` };
    }
    const h = have[i];
    if (h === undefined) return null;
    const param = PARAM.exec(w);
    if (param) params[param[1]!] = safeDecode(h);
    else if (safeDecode(h).toLowerCase() !== w.toLowerCase()) return null;
  }
  if (have.length !== want.length) return null;
  return { params, pathnameBase: `/${have.join('/')}` };
}

/**
 * How specific a pattern is (react-router's scoring): a static segment beats a
 * param, a param beats a splat, and an index route beats a '*' sibling. So
 * '/product/:cate' wins over '/:id/:name' for '/product/men-watch' whatever
 * the order of the table.
 */
export function scorePattern(pattern: string, index = false): number {
  const parts = pattern.split('/');
  let score = parts.length;
  if (parts.includes('*')) score -= 2;
  if (index) score += 2;
  for (const part of parts) {
    if (part === '*') continue;
    score += PARAM.test(part) ? 3 : part === '' ? 1 : 10;
  }
  return score;
}

export interface RouteLike {
  path?: string;
  index?: boolean;
}

/** The best matching route for `pathname` (ties: the earlier one), or null. */
export function pickRoute<R extends RouteLike>(
  routes: readonly R[],
  pathname: string,
): { route: R; match: PathMatch; position: number } | null {
  let best: { route: R; match: PathMatch; position: number } | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const [position, route] of routes.entries()) {
    // An index route matches only its parent's own path.
    const pattern = route.index ? '' : (route.path ?? '');
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    const score = scorePattern(pattern, route.index);
    if (score > bestScore) {
      best = { route, match, position };
      bestScore = score;
    }
  }
  return best;
}

/** The pathname left for nested routes once `base` (a parent's pathnameBase) is consumed. */
export function stripBase(pathname: string, base: string): string {
  const b = segmentsOf(base).length;
  return `/${segmentsOf(pathname).slice(b).join('/')}`;
}

export function joinPaths(base: string, rest: string): string {
  const joined = [...segmentsOf(base), ...segmentsOf(rest)].join('/');
  return `/${joined}`;
}

/**
 * Resolves a link target the way react-router did: an absolute pathname as
 * is, a relative one ('upload', '../orders', '.') from `routeBase` (the route
 * that renders the link), and no pathname at all ('#2', '?q=1') on the current
 * `pathname`, keeping it.
 */
export function resolveTo(to: To, routeBase: string, pathname: string): Path {
  const target = typeof to === 'string' ? parsePath(to) : { pathname: '', search: '', hash: '', ...to };
  const search = target.search ?? '';
  const hash = target.hash ?? '';
  const wanted = target.pathname ?? '';
  if (wanted === '') return { pathname, search, hash };
  if (wanted.startsWith('/')) return { pathname: wanted, search, hash };
  const out = segmentsOf(routeBase);
  for (const part of segmentsOf(wanted)) {
    if (part === '..') out.pop();
    else if (part !== '.') out.push(part);
  }
  const trailing = wanted.endsWith('/') && out.length > 0 ? '/' : '';
  return { pathname: `/${out.join('/')}${trailing}`, search, hash };
}

/** NavLink's test: the same path, or (unless `end`) a path below it. Root matches only itself. */
export function isActivePath(current: string, target: string, end: boolean): boolean {
  const here = current.toLowerCase();
  const there = target.toLowerCase();
  if (here === there) return true;
  if (end || there === '/') return false;
  const base = there.endsWith('/') ? there.slice(0, -1) : there;
  return here.startsWith(base) && here.charAt(base.length) === '/';
}
