import { describe, expect, it } from 'vitest';
import {
  createPath,
  isActivePath,
  joinPaths,
  matchPath,
  parsePath,
  pickRoute,
  resolveTo,
  safeDecode,
  stripBase,
} from './url-path.ts';

const APP_ROUTES = [
  { path: '/' },
  { path: '/home' },
  { path: '/product' },
  { path: '/product/:cate' },
  { path: '/product/:cate/:brand' },
  { path: '/cart' },
  { path: '/terms-and-conditions' },
  { path: '/dashboard/*' },
  { path: '/:id/:name' },
  { path: '*' },
];

const DASHBOARD_ROUTES = [
  { index: true },
  { path: 'products' },
  { path: 'upload' },
  { path: 'editproduct/:proid' },
  { path: '*' },
];

const pick = (routes: Array<{ path?: string; index?: boolean }>, pathname: string) => {
  const picked = pickRoute(routes, pathname);
  return picked ? { at: picked.route.index ? 'index' : picked.route.path, ...picked.match } : null;
};

describe('parsePath / createPath', () => {
  it('splits and rebuilds pathname, query and hash', () => {
    expect(parsePath('/product/men-watch?sort=asc#3')).toEqual({
      pathname: '/product/men-watch',
      search: '?sort=asc',
      hash: '#3',
    });
    expect(parsePath('#2')).toEqual({ pathname: '', search: '', hash: '#2' });
    expect(parsePath('/a?#')).toEqual({ pathname: '/a', search: '', hash: '' });
    expect(createPath({ pathname: '/product', hash: '#2' })).toBe('/product#2');
    expect(createPath({ pathname: '/x', search: 'q=1', hash: '4' })).toBe('/x?q=1#4');
    expect(createPath({})).toBe('/');
  });
});

describe('matchPath', () => {
  it('matches static segments case-insensitively and ignores a trailing slash', () => {
    expect(matchPath('/product', '/Product/')).toEqual({ params: {}, pathnameBase: '/Product' });
    expect(matchPath('/product', '/products')).toBeNull();
    expect(matchPath('/', '/')).toEqual({ params: {}, pathnameBase: '/' });
    expect(matchPath('/', '/cart')).toBeNull();
  });

  it('decodes params, and keeps a malformed escape as written', () => {
    expect(matchPath('/:id/:name', '/abc/Some%20Watch')?.params).toEqual({ id: 'abc', name: 'Some Watch' });
    expect(matchPath('/:id/:name', '/a%2Fb/x')?.params.id).toBe('a/b');
    expect(matchPath('/:id/:name', '/abc/100%25%E0%A4')?.params.name).toBe('100%25%E0%A4');
    expect(safeDecode('%E0%A4%B9')).toBe('ह');
  });

  it('needs every segment, no more and no less, without a splat', () => {
    expect(matchPath('/:id/:name', '/abc')).toBeNull();
    expect(matchPath('/:id/:name', '/a/b/c')).toBeNull();
  });

  it('gives the rest to a splat and consumes only the part before it', () => {
    expect(matchPath('/dashboard/*', '/dashboard')).toEqual({ params: { '*': '' }, pathnameBase: '/dashboard' });
    expect(matchPath('/dashboard/*', '/dashboard/editproduct/a%20b')).toEqual({
      params: { '*': 'editproduct/a b' },
      pathnameBase: '/dashboard',
    });
    expect(matchPath('*', '/anything/at/all')?.params['*']).toBe('anything/at/all');
  });
});

describe('pickRoute ranking', () => {
  it('prefers static segments over params, whatever the order', () => {
    expect(pick(APP_ROUTES, '/product/men-watch')?.at).toBe('/product/:cate');
    expect(pick([...APP_ROUTES].reverse(), '/product/men-watch')?.at).toBe('/product/:cate');
    expect(pick(APP_ROUTES, '/product/men-watch/rolex')?.at).toBe('/product/:cate/:brand');
    expect(pick(APP_ROUTES, '/abc/Some%20Watch')).toMatchObject({ at: '/:id/:name', params: { name: 'Some Watch' } });
    expect(pick(APP_ROUTES, '/dashboard/products')?.at).toBe('/dashboard/*');
    // Two segments starting with 'dashboard' still go to the admin area, not a product.
    expect(pick(APP_ROUTES, '/dashboard/x')?.at).toBe('/dashboard/*');
  });

  it('falls back to the catch-all and prefers exact routes to it', () => {
    expect(pick(APP_ROUTES, '/')?.at).toBe('/');
    expect(pick(APP_ROUTES, '/cart')?.at).toBe('/cart');
    expect(pick(APP_ROUTES, '/no-such-page')?.at).toBe('*');
    expect(pick(APP_ROUTES, '/a/b/c/d')?.at).toBe('*');
  });

  it('keeps the first of equally specific routes', () => {
    expect(pick([{ path: '/:a' }, { path: '/:b' }], '/x')?.at).toBe('/:a');
  });

  it('returns null when nothing matches', () => {
    expect(pickRoute([{ path: '/cart' }], '/home')).toBeNull();
  });
});

describe('nested routes relative to the parent match', () => {
  const nested = (pathname: string) => pick(DASHBOARD_ROUTES, stripBase(pathname, '/dashboard'));

  it('uses the index route for the parent path itself', () => {
    expect(nested('/dashboard')?.at).toBe('index');
    expect(nested('/dashboard/')?.at).toBe('index');
  });

  it('matches relative paths with params, and the catch-all for the rest', () => {
    expect(nested('/dashboard/upload')?.at).toBe('upload');
    expect(nested('/dashboard/editproduct/p%201')).toMatchObject({
      at: 'editproduct/:proid',
      params: { proid: 'p 1' },
      pathnameBase: '/editproduct/p%201',
    });
    expect(nested('/dashboard/nothing/here')?.at).toBe('*');
  });

  it('joins the parent and child bases', () => {
    expect(joinPaths('/dashboard', '/editproduct/x')).toBe('/dashboard/editproduct/x');
    expect(joinPaths('/', '/')).toBe('/');
    expect(stripBase('/dashboard/orders', '/dashboard')).toBe('/orders');
    expect(stripBase('/Dashboard', '/dashboard')).toBe('/');
  });
});

describe('resolveTo', () => {
  it('keeps absolute targets and parses strings', () => {
    expect(resolveTo('/cart', '/dashboard', '/dashboard/orders')).toEqual({ pathname: '/cart', search: '', hash: '' });
    expect(resolveTo({ pathname: '/product', hash: '#2' }, '/', '/product')).toEqual({
      pathname: '/product',
      search: '',
      hash: '#2',
    });
  });

  it('resolves relative paths from the route base, with . and ..', () => {
    expect(resolveTo('upload', '/dashboard', '/dashboard').pathname).toBe('/dashboard/upload');
    expect(resolveTo('../orders', '/dashboard/products', '/dashboard/products').pathname).toBe('/dashboard/orders');
    expect(resolveTo('./a/../b?x=1', '/dashboard', '/dashboard').pathname).toBe('/dashboard/b');
    expect(resolveTo('..', '/dashboard', '/dashboard')).toEqual({ pathname: '/', search: '', hash: '' });
    expect(resolveTo('../../..', '/a', '/a').pathname).toBe('/');
  });

  it('stays on the current pathname for a hash or query alone', () => {
    expect(resolveTo('#3', '/product/:cate', '/product/men-watch')).toEqual({
      pathname: '/product/men-watch',
      search: '',
      hash: '#3',
    });
    expect(resolveTo({ search: '?q=1' }, '/', '/explore')).toEqual({ pathname: '/explore', search: '?q=1', hash: '' });
  });
});

describe('isActivePath (NavLink)', () => {
  it('matches the path itself, and paths below it unless end', () => {
    expect(isActivePath('/dashboard/products', '/dashboard/products', true)).toBe(true);
    expect(isActivePath('/dashboard/products/x', '/dashboard/products', false)).toBe(true);
    expect(isActivePath('/dashboard/products', '/dashboard', true)).toBe(false);
    expect(isActivePath('/dashboard/productsx', '/dashboard/products', false)).toBe(false);
    expect(isActivePath('/Product', '/product', true)).toBe(true);
  });

  it('treats the root as active only on itself', () => {
    expect(isActivePath('/', '/', false)).toBe(true);
    expect(isActivePath('/cart', '/', false)).toBe(false);
  });
});
