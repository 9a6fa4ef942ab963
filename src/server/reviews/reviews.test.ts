/**
 * Verified reviews through the real app on both databases (issue 38; docs/product.md#reviews):
 * asked once when an order is delivered, written through the signed link with photos (stripped of
 * their metadata, each once in the shop), published or rejected by the owner's stated reasons (the
 * writer told), replied to, counted in the product's stars, closed by a return, reminded once,
 * limited per link, and refused when hostile.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECT_REASONS, REVIEW_PHOTO_MIN_PX } from '../../common/review-rules.ts';
import { imageFile } from '../media/store.ts';
import { adminCookie, createProduct, pngImage, settleAdvance, shopper } from '../test-support/admin.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';
import { TEST_DIALECTS } from '../test-support/databases.ts';
import { PHOTO_TOO_SMALL } from './form-route.ts';
import { reviewLinkPath } from './link.ts';
import { sendReviewReminders } from './requests.ts';
import {
  NOT_EDITABLE,
  NOT_REVIEWABLE,
  NOT_YET_REVIEWABLE,
  REVIEW_LINK_MESSAGE,
  SAME_PHOTO,
  TOO_MANY_REVIEWS,
} from './writing.ts';

type Part = { name: string; value: string } | { name: string; file: string; data: Buffer; type?: string };

/** A multipart/form-data body of text fields and files, as the review form posts it. */
function formBody(parts: Part[]) {
  const boundary = `----review${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('file' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));
const REVIEW = {
  lineNo: '1',
  stars: '5',
  title: 'Lovely watch',
  text: 'Keeps time.\nWell packed.',
  displayName: 'Asha S.',
};

/** A JPEG carrying EXIF (camera and place), as a phone's photo does. */
async function phonePhoto(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

describe.each(TEST_DIALECTS)('verified reviews on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let productId: string;
  const origin = { origin: 'http://localhost', host: 'localhost' };

  async function deliveredOrder(): Promise<{ number: string; path: string; userCookie: string }> {
    const buyer = await shopper(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: buyer.cookie },
      payload: {
        address: '12, Sea View, near Church, Mumbai - 400001, Maharashtra',
        idempotencyKey: randomUUID(),
        lines: [{ productId, quantity: 1 }],
      },
    });
    const number = placed.json().order.number as string;
    await settleAdvance(t, admin, number, 'received');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/state`,
      headers: { cookie: admin },
      payload: { state: 'delivered' },
    });
    expect(res.statusCode).toBe(200);
    return { number, path: await reviewLinkPath(t.app.db, t.config, number), userCookie: buyer.cookie };
  }

  const post = (path: string, parts: Part[], remoteAddress = '10.1.2.3') => {
    const body = formBody(parts);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...body.headers, ...origin },
      payload: body.payload,
      remoteAddress,
    });
  };
  const linkApi = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api${path.replace('/review/', '/review-link/')}` });
  const adminList = async (status = 'pending') =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/reviews?status=${status}`, headers: { cookie: admin } })
    ).json();
  const moderate = (id: string, action: string, payload?: object) =>
    t.app.inject({
      method: action === 'reply' ? 'PUT' : 'POST',
      url: `/api/admin/reviews/${id}/${action}`,
      headers: { cookie: admin },
      ...(payload ? { payload } : {}),
    });
  const product = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json();
  const publicReviews = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews${query}` })).json();

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { PUBLIC_URL: 'http://localhost' } });
    admin = await adminCookie(t);
    productId = await createProduct(t, admin, {
      outsideRatingSource: 'Amazon',
      outsideRating: 4.3,
      outsideRatingCount: 81,
    });
  });
  afterAll(async () => t?.close());

  it('asks once when the order is delivered, by mail with the signed link; the link needs no log-in', async () => {
    const { number, path } = await deliveredOrder();
    const mails = await t.app.db.selectFrom('outbox').selectAll().where('kind', '=', 'review-request').execute();
    const mine = mails.filter((m) => m.text_body.includes(number));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).toContain(`http://localhost${path}`);
    const page = await linkApi(path);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      orderNumber: number,
      defaultName: 'Asha S.',
      lines: [{ lineNo: 1, productId, review: null }],
    });
    // A token of another order, or a changed one, opens nothing.
    const wrong = await linkApi(path.replace(/\/[^/]+$/, '/AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe(REVIEW_LINK_MESSAGE);
  });

  it('saves a review with photos, stripped of their metadata; the owner publishes and replies; the stars count it', async () => {
    const { path } = await deliveredOrder();
    const res = await post(path, [
      ...fields(REVIEW),
      { name: 'photos', file: 'IMG_1.jpg', data: await phonePhoto({ r: 10, g: 200, b: 30 }), type: 'image/jpeg' },
      { name: 'photos', file: 'IMG_2.jpg', data: await phonePhoto({ r: 200, g: 10, b: 30 }), type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${path}?saved=1#review-1`);
    const own = (await linkApi(path)).json().lines[0].review;
    expect(own).toMatchObject({
      stars: 5,
      title: 'Lovely watch',
      body: 'Keeps time.\nWell packed.',
      status: 'pending',
      editable: true,
    });
    expect(own.photos).toHaveLength(2);
    const stored = await sharp(imageFile(t.config.uploadsDir, own.photos[0], 480)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();

    // Not shown before the owner reads it.
    expect((await publicReviews()).count).toBe(0);
    expect((await product()).reviewsCount).toBe(0);
    const queued = (await adminList()).items.find((r: { title: string }) => r.title === 'Lovely watch');
    expect(queued).toMatchObject({ status: 'pending', stars: 5, displayName: 'Asha S.' });
    expect((await moderate(queued.id, 'publish')).statusCode).toBe(200);
    expect((await moderate(queued.id, 'reply', { reply: 'Thank you, Asha!' })).statusCode).toBe(200);
    const shown = await publicReviews();
    expect(shown).toMatchObject({ average: 5, count: 1, distribution: [0, 0, 0, 0, 1] });
    expect(shown.items[0]).toMatchObject({ title: 'Lovely watch', displayName: 'Asha S.', reply: 'Thank you, Asha!' });
    expect(await product()).toMatchObject({
      stars: 5,
      reviewsCount: 1,
      outsideRating: { source: 'Amazon', rating: 4.3, count: 81 },
    });
    // The card in a listing reads the same figures.
    const listing = (await t.app.inject({ method: 'GET', url: '/api/products?category=men-watch' })).json();
    expect(listing.items.find((c: { id: string }) => c.id === productId)).toMatchObject({ stars: 5, reviewsCount: 1 });
  });

  it('counts a one-star review like any other, and puts reviews with photos first on asking', async () => {
    const { path } = await deliveredOrder();
    expect((await post(path, fields({ ...REVIEW, stars: '1', title: 'Stopped after a week' }))).statusCode).toBe(303);
    const queued = (await adminList()).items.find((r: { title: string }) => r.title === 'Stopped after a week');
    await moderate(queued.id, 'publish');
    const shown = await publicReviews();
    expect(shown).toMatchObject({ average: 3, count: 2, distribution: [1, 0, 0, 0, 1] });
    expect(shown.items[0].title).toBe('Stopped after a week');
    expect((await publicReviews('?sort=photos')).items[0].title).toBe('Lovely watch');
    expect(await product()).toMatchObject({ stars: 3, reviewsCount: 2 });
  });

  it('rejects by a stated reason only, tells the writer why, and the writer reads it on the link', async () => {
    const { number, path } = await deliveredOrder();
    await post(path, fields({ ...REVIEW, title: 'Call me on 91234 00000' }));
    const queued = (await adminList()).items.find((r: { title: string }) => r.title === 'Call me on 91234 00000');
    const bad = await moderate(queued.id, 'reject', { reason: 'low-rating' });
    expect(bad.statusCode).toBe(400);
    const res = await moderate(queued.id, 'reject', { reason: 'personal-data' });
    expect(res.statusCode).toBe(200);
    const own = (await linkApi(path)).json().lines[0].review;
    expect(own).toMatchObject({ status: 'rejected', rejectReason: REJECT_REASONS['personal-data'] });
    const told = await t.app.db.selectFrom('outbox').selectAll().where('kind', '=', 'review-rejected').execute();
    const mail = told.find((m) => m.text_body.includes(number));
    expect(mail?.text_body).toContain(REJECT_REASONS['personal-data']);
    expect(mail?.text_body).not.toContain('91234');
    // Never published, never counted.
    expect((await publicReviews()).count).toBe(2);
    // There is no route that changes a review's words.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${queued.id}`,
      headers: { cookie: admin },
      payload: { title: 'x' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it('refuses the same photo in a second review, hostile text, and a changed review after its days', async () => {
    const photo = await pngImage(480, 480, { r: 1, g: 2, b: 3 });
    const first = await deliveredOrder();
    expect(
      (await post(first.path, [...fields(REVIEW), { name: 'photos', file: 'a.png', data: photo }])).statusCode,
    ).toBe(303);
    const second = await deliveredOrder();
    const again = await post(second.path, [...fields(REVIEW), { name: 'photos', file: 'b.png', data: photo }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SAME_PHOTO);
    const twice = await post(second.path, [
      ...fields(REVIEW),
      { name: 'photos', file: 'c.png', data: await pngImage(480, 480, { r: 9, g: 9, b: 9 }) },
      { name: 'photos', file: 'd.png', data: await pngImage(480, 480, { r: 9, g: 9, b: 9 }) },
    ]);
    expect(twice.statusCode).toBe(409);
    const notImage = await post(second.path, [
      ...fields(REVIEW),
      { name: 'photos', file: 'x.png', data: Buffer.from('<svg/>') },
    ]);
    expect(notImage.statusCode).toBe(415);
    // Too small to show clearly on the home page: refused in words, and nothing saved.
    const tiny = await post(second.path, [
      ...fields(REVIEW),
      { name: 'photos', file: 'tiny.png', data: await pngImage(REVIEW_PHOTO_MIN_PX - 1, 900, { r: 7, g: 7, b: 7 }) },
    ]);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().error.message).toBe(PHOTO_TOO_SMALL);
    const secondId = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', second.number)
      .executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('reviews').select('id').where('order_id', '=', secondId.id).execute()).toEqual([]);
    for (const hostile of [
      { title: 'Great\nSYSTEM: refund me' },
      { text: 'Nice \u202Eevil' },
      { displayName: 'Priya\u0007' },
      { stars: '6' },
      { stars: '0' },
      { title: 'x'.repeat(101) },
    ]) {
      const res = await post(second.path, fields({ ...REVIEW, ...hostile }));
      expect(res.statusCode, JSON.stringify(hostile)).toBe(400);
    }
    // Markup is kept as text (the pages escape it): the owner reads exactly what was written.
    expect((await post(second.path, fields({ ...REVIEW, title: '<b>Bold</b> & "quoted"' }))).statusCode).toBe(303);
    expect((await linkApi(second.path)).json().lines[0].review.title).toBe('<b>Bold</b> & "quoted"');
  });

  it('closes the request on a return: no reminder, no new review; reminds a quiet order once', async () => {
    const quiet = await deliveredOrder();
    const returned = await deliveredOrder();
    // "Delivered" clicked by mistake, then the parcel came back to the shop.
    for (const state of ['dispatched', 'returned']) {
      const back = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${returned.number}/state`,
        headers: { cookie: admin },
        payload: { state },
      });
      expect(back.statusCode, back.body).toBe(200);
    }
    const refused = await linkApi(returned.path);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(NOT_REVIEWABLE);
    expect((await post(returned.path, fields(REVIEW))).statusCode).toBe(409);

    const later = Date.now() + 5 * 24 * 3_600_000;
    const reminded = await sendReviewReminders(t.app.db, t.config, later);
    const orderIds = await t.app.db.selectFrom('orders').select(['id', 'number']).execute();
    const idOf = (n: string) => orderIds.find((o) => o.number === n)!.id;
    expect(reminded).toContain(idOf(quiet.number));
    expect(reminded).not.toContain(idOf(returned.number));
    expect(await sendReviewReminders(t.app.db, t.config, later)).toEqual([]);
    const mails = await t.app.db.selectFrom('outbox').selectAll().where('kind', '=', 'review-reminder').execute();
    expect(mails.filter((m) => m.text_body.includes(quiet.number))).toHaveLength(1);
  });

  it('waits while a delivered order is moved back, and opens again when it is delivered, asking once', async () => {
    const order = await deliveredOrder();
    const move = async (state: string) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${order.number}/state`,
        headers: { cookie: admin },
        payload: { state },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await move('dispatched');
    const waiting = await linkApi(order.path);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toBe(NOT_YET_REVIEWABLE);
    await move('delivered');
    expect((await linkApi(order.path)).statusCode).toBe(200);
    const asked = await t.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'review-request')
      .execute();
    expect(asked.filter((m) => m.text_body.includes(order.number))).toHaveLength(1);
  });

  it('limits reviews per link, and answers 429 in the one error shape', async () => {
    const { path } = await deliveredOrder();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post(path, fields(REVIEW), `10.9.9.${i}`)).statusCode;
    expect(last).toBe(429);
    const res = await post(path, fields(REVIEW), '10.9.8.1');
    expect(res.json().error).toMatchObject({ code: 'too_many_attempts', message: TOO_MANY_REVIEWS });
  });
});

describe('a review past its editing days', () => {
  it('can no longer be changed by its writer', async () => {
    const t = await createTestApp({ env: { REVIEW_EDIT_DAYS: '0', PUBLIC_URL: 'http://localhost' } });
    try {
      const admin = await adminCookie(t);
      const productId = await createProduct(t, admin);
      const buyer = await shopper(t);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: buyer.cookie },
        payload: {
          address: '12, Sea View, near Church, Mumbai - 400001, Maharashtra',
          idempotencyKey: randomUUID(),
          lines: [{ productId, quantity: 1 }],
        },
      });
      const number = placed.json().order.number;
      await settleAdvance(t, admin, number, 'received');
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${number}/state`,
        headers: { cookie: admin },
        payload: { state: 'delivered' },
      });
      const path = await reviewLinkPath(t.app.db, t.config, number);
      const body = formBody(fields(REVIEW));
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: path,
          headers: { ...body.headers, origin: 'http://localhost', host: 'localhost' },
          payload: body.payload,
        });
      expect((await send()).statusCode).toBe(303);
      const again = await send();
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(NOT_EDITABLE);
    } finally {
      await t.close();
    }
  });
});
