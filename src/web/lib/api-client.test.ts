// @vitest-environment happy-dom
/**
 * The API client against a stubbed network (globalThis.fetch answering real
 * Response objects): the server's error shape becomes an ApiError a form can
 * show, 204 has no body, a network failure has its own message, a 401 tells
 * the session, and the page's embedded answers are each used once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Client = typeof import('./api-client.ts');

/** A fresh module each test: the embedded answers and 401 listeners are module state. */
let client: Client;
let calls: Array<{ url: string; init: RequestInit }>;

function answer(respond: (url: string, init: RequestInit) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond(url, init);
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  calls = [];
  document.body.innerHTML = '';
  vi.resetModules();
  client = await import('./api-client.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('GETs /api + path as JSON with the session cookie and returns the body', async () => {
    answer(() => json({ items: [1, 2] }));
    await expect(client.api('/products?page=2')).resolves.toEqual({ items: [1, 2] });
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('/api/products?page=2');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: null });
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  it('sends a body as JSON, and a FormData as it is (the browser sets its multipart type)', async () => {
    answer(() => json({ ok: true }, 201));
    await client.api('/cart/items', { method: 'POST', body: { productId: 'p1', quantity: 2 } });
    expect(calls[0]?.init.body).toBe('{"productId":"p1","quantity":2}');
    expect(calls[0]?.init.headers).toMatchObject({ 'content-type': 'application/json' });

    const form = new FormData();
    form.append('file', 'x');
    await client.api('/admin/uploads', { method: 'POST', body: form });
    expect(calls[1]?.init.body).toBe(form);
    expect(calls[1]?.init.headers).toEqual({ accept: 'application/json' });
  });

  it('turns the server’s error shape into an ApiError with its status, code, message and fields', async () => {
    answer(() =>
      json(
        {
          error: {
            code: 'validation',
            message: 'Please provide a valid phone number',
            fields: { number: 'Please provide a valid phone number' },
          },
        },
        400,
      ),
    );
    const err = await caught(client.api('/accounts', { method: 'POST', body: {} }));
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Please provide a valid phone number',
      fields: { number: 'Please provide a valid phone number' },
    });
    expect(client.errorMessage(err)).toBe('Please provide a valid phone number');
  });

  it('gives an error without the shape (a proxy’s HTML page) a message with its status', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const err = await caught(client.api('/home'));
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({
      status: 502,
      code: 'http',
      message: 'Something went wrong (error 502). Please try again.',
      fields: {},
    });
  });

  it('answers undefined for 204 No Content', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(client.api('/cart/items/p1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('says the shop could not be reached when the network fails (status 0)', async () => {
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await caught(client.api('/home'));
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({
      status: 0,
      code: 'network',
      message: 'Could not reach the shop. Please check your internet connection and try again.',
    });
  });

  it('lets a cancelled call fail as an abort, not as a network failure', async () => {
    answer((_url, init) => {
      const reason: unknown = init.signal?.reason;
      throw reason;
    });
    const controller = new AbortController();
    controller.abort();
    const err = await caught(client.api('/home', { signal: controller.signal }));
    expect(err).not.toBeInstanceOf(client.ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('tells the 401 listeners when a call answers 401, and only then; an unsubscribed listener hears nothing', async () => {
    const heard = vi.fn();
    const gone = vi.fn();
    client.onUnauthorized(heard);
    client.onUnauthorized(gone)();

    answer(() => json({ error: { code: 'forbidden', message: 'Not allowed' } }, 403));
    await caught(client.api('/admin/stats'));
    expect(heard).not.toHaveBeenCalled();

    answer(() => json({ error: { code: 'unauthorized', message: 'Please log in' } }, 401));
    const err = await caught(client.api('/cart'));
    expect(err).toMatchObject({ status: 401, message: 'Please log in' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
  });
});

describe('takeEmbeddedAnswer', () => {
  /** The answers the server put in the page (src/server/pages/shell.ts), by the URL each answers. */
  function embed(text: string): void {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'initial-data';
    script.textContent = text;
    document.body.append(script);
  }

  it('gives the embedded answer for exactly its URL, once; other URLs get nothing', async () => {
    embed(JSON.stringify({ '/api/products?page=2': { items: ['a'] }, '/api/home': { hero: 'h' } }));
    answer(() => json({ fetched: true }));

    expect(client.takeEmbeddedAnswer('/products?page=3')).toBeUndefined();
    expect(client.takeEmbeddedAnswer('/products')).toBeUndefined();
    expect(client.takeEmbeddedAnswer('/products?page=2&sort=new')).toBeUndefined();
    expect(client.takeEmbeddedAnswer('/products?page=2')).toEqual({ items: ['a'] });
    // Taken: a later visit to the same URL fetches fresh data.
    expect(client.takeEmbeddedAnswer('/products?page=2')).toBeUndefined();
    expect(client.takeEmbeddedAnswer('/home')).toEqual({ hero: 'h' });
    expect(client.takeEmbeddedAnswer('/home')).toBeUndefined();
    expect(calls).toHaveLength(0);
    await expect(client.api('/home')).resolves.toEqual({ fetched: true });
  });

  it('gives nothing when the page carries no answers', () => {
    expect(client.takeEmbeddedAnswer('/home')).toBeUndefined();
  });

  it('does not throw on a broken block', () => {
    embed('{"/api/home": ');
    expect(client.takeEmbeddedAnswer('/home')).toBeUndefined();
  });
});

describe('askEarly', () => {
  it('asks at once; the first GET of that path takes the answer, once, and the next asks again', async () => {
    let n = 0;
    answer(() => json({ n: ++n }));
    client.askEarly(['/session']);
    expect(calls.map((c) => c.url)).toEqual(['/api/session']);
    expect(await client.api('/session')).toEqual({ n: 1 });
    expect(await client.api('/session')).toEqual({ n: 2 });
    expect(calls.map((c) => c.url)).toEqual(['/api/session', '/api/session']);
  });

  it('an early 401 tells the listeners only when a call takes it', async () => {
    answer(() => json({ error: { code: 'unauthorized', message: 'Please log in' } }, 401));
    let told = 0;
    client.onUnauthorized(() => told++);
    client.askEarly(['/orders?view=open']);
    await Promise.resolve();
    expect(told).toBe(0);
    expect(await caught(client.api('/orders?view=open'))).toMatchObject({ status: 401 });
    expect(told).toBe(1);
  });

  it('a change drops the answers not taken: after a log-in, Your Orders asks again', async () => {
    answer((url, init) =>
      url === '/api/orders?view=open' && calls.filter((c) => c.url === url).length === 1
        ? json({ error: { code: 'unauthorized', message: 'Please log in' } }, 401)
        : json({ ok: init.method ?? 'GET' }),
    );
    client.askEarly(['/orders?view=open']);
    await client.api('/login', { method: 'POST', body: {} });
    expect(await client.api('/orders?view=open')).toEqual({ ok: 'GET' });
  });
});

describe('errorMessage', () => {
  it('shows an ApiError’s own message and a plain apology for anything else', () => {
    expect(client.errorMessage(new client.ApiError(409, 'conflict', 'That number is taken'))).toBe(
      'That number is taken',
    );
    expect(client.errorMessage(new Error('TypeError: x is undefined at foo.ts:3'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('call, through an endpoint’s contract', () => {
  it('sends the contract’s method to its path with the parameters put in, the query and the body', async () => {
    const { cartApi } = await import('../../common/cart-api.ts');
    const { complaintApi } = await import('../../common/complaint-api.ts');
    answer(() => json({ lines: [], totals: { totalMrp: 0, subtotal: 0, discount: 0, total: 0 } }));
    const cart = await client.call(cartApi.setQuantity, { params: { productId: 'a/b' }, body: { quantity: 2 } });
    expect(cart.lines).toEqual([]);
    expect(calls[0]?.url).toBe('/api/cart/items/a%2Fb');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"quantity":2}');

    await client.call(complaintApi.list, { query: { view: 'open', page: 2 } });
    expect(calls[1]?.url).toBe('/api/admin/complaints?view=open&page=2');
    expect(calls[1]?.init.method).toBe('GET');
  });

  it('does not compile when a call and its contract disagree', async () => {
    const { cartApi } = await import('../../common/cart-api.ts');
    answer(() => json({ lines: [], totals: { totalMrp: 0, subtotal: 0, discount: 0, total: 0 }, added: 1 }));
    // Never run: what matters is that each line is a type error.
    const wrong = () => [
      // @ts-expect-error: the path names :productId
      client.call(cartApi.removeItem, { params: { id: 'x' } }),
      // @ts-expect-error: the path's parameter is missing
      client.call(cartApi.removeItem),
      // @ts-expect-error: the body's productId is a string
      client.call(cartApi.addItem, { body: { productId: 1 } }),
    ];
    expect(wrong).toBeTypeOf('function');
    const added = await client.call(cartApi.addItem, { body: { productId: 'x' } });
    // @ts-expect-error: the reply has no such field
    expect(added.missing).toBeUndefined();
    expect(added.added).toBe(1);
  });
});
