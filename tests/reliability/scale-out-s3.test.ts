/**
 * Scale-out with pictures in a bucket (issue 15): two app processes on one
 * PostgreSQL database and one bucket of a real S3-compatible server. A picture
 * uploaded through A is served by B, byte for byte; a product created on A
 * shows its pictures on B; a product deleted on A is gone on B; a picture
 * removed from the bucket is gone from both at once (no process keeps a copy);
 * and nothing is written to either process's disk.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../src/common/media.ts';
import { imageKey } from '../../src/server/media/store.ts';
import { startS3Server, type TestS3Server } from '../../src/server/test-support/s3-server.ts';
import { recordFigures } from './support/figures.ts';
import { type Fresh, freshData, postgresConfigured } from './support/fixtures.ts';
import { adminLogin, ok, orderableProductIds, Session } from './support/http.ts';
import { addWatchWithPicture, pngOf, seededBucket, uploadPicture } from './support/pictures.ts';
import { RELIABILITY_ADMIN, type StoreProcess, startTwoStores } from './support/server.ts';

let s3: TestS3Server | undefined;
let fresh: Fresh | undefined;
const stores: StoreProcess[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.stop()));
  await fresh?.cleanup();
  await s3?.close();
});

/** The picture's bytes as `url` serves them, or its status when it does not. */
async function picture(
  url: string,
  id: string,
  width: number,
): Promise<{ status: number; bytes: Buffer; type: string }> {
  const res = await fetch(`${url}/media/${id}/${width}.webp`);
  return {
    status: res.status,
    bytes: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? '',
  };
}

it.skipIf(!postgresConfigured())(
  'two processes share one bucket: uploads, product pictures and deletions',
  async () => {
    s3 = await startS3Server();
    fresh = await freshData('postgres');
    const bucket = await seededBucket(s3, fresh.dataDir);
    const seededObjects = (await bucket.objects()).length;
    const target = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl, env: bucket.env };
    const [a, b] = await startTwoStores(target);
    stores.push(a, b);
    const A = a.url;
    const B = b.url;

    // The seeded catalogue's pictures come from the bucket on both.
    const products = await orderableProductIds(B);
    const shopper = new Session(A);
    const seeded = await shopper.call('GET', `/api/products/${products[0]}`);
    const seededImage = seeded.body.images[0] as string;
    const fromA = await picture(A, seededImage, 480);
    const fromB = await picture(B, seededImage, 480);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromA.bytes.equals(fromB.bytes)).toBe(true);

    // A picture uploaded through A, and a product naming it created on A.
    const admin = await adminLogin(A, RELIABILITY_ADMIN);
    const png = await pngOf({ r: 17, g: 140, b: 201 });
    const { image, productId } = await addWatchWithPicture(admin, A, png, 'Scale Out Diver');

    // B shows the product with its picture, every width, as A does.
    const onB = await new Session(B).call('GET', `/api/products/${productId}`);
    expect(onB.status).toBe(200);
    expect(onB.body.images).toEqual([image]);
    let widthsSame = 0;
    for (const width of IMAGE_WIDTHS) {
      const viaA = await picture(A, image, width);
      const viaB = await picture(B, image, width);
      expect([viaA.status, viaB.status, viaB.type]).toEqual([200, 200, 'image/webp']);
      if (viaA.bytes.equals(viaB.bytes)) widthsSame++;
    }
    expect(widthsSame).toBe(IMAGE_WIDTHS.length);

    // The same picture uploaded through both at once: one id, one set of objects.
    const again = await Promise.all([
      uploadPicture(A, admin.cookieHeader(), png),
      uploadPicture(B, admin.cookieHeader(), png),
    ]);
    expect(again).toEqual([image, image]);
    expect((await bucket.objects()).length).toBe(seededObjects + IMAGE_WIDTHS.length);

    // Deleted on A: gone on B (the API, the listing and search).
    expect((await admin.call('DELETE', `/api/admin/products/${productId}`)).status).toBe(204);
    const goneOnB = await new Session(B).call('GET', `/api/products/${productId}`);
    expect(goneOnB.status).toBe(404);
    const searchOnB = await new Session(B).call('GET', '/api/products/search?q=scale%20out%20diver');
    expect(ok(searchOnB)).toBe(true);
    expect(searchOnB.body.items.map((p: { id: string }) => p.id)).not.toContain(productId);
    // Its pictures stay: orders keep a picture of what was bought (docs/product.md#checkout).
    expect((await picture(B, image, 240)).status).toBe(200);

    // A picture removed from the bucket (as npm run restore does to pictures a backup lacks) is gone from both at once.
    await bucket.storage.delete(imageKey(image, 960));
    const afterDelete = [(await picture(A, image, 960)).status, (await picture(B, image, 960)).status];
    expect(afterDelete).toEqual([404, 404]);

    // Nothing went to the processes' disk.
    const diskUploads = existsSync(join(fresh.dataDir, 'uploads'));
    recordFigures('scale-out with a bucket (2 processes, PostgreSQL, S3)', {
      'seeded objects in the bucket': seededObjects,
      'picture uploaded on A served by B (widths, same bytes)': `${widthsSame} of ${IMAGE_WIDTHS.length}`,
      'same picture uploaded on A and B at once': 'one id',
      'product deleted on A, on B': goneOnB.status,
      'object removed from the bucket, on A / B': afterDelete.join(' / '),
      'uploads folder on disk': diskUploads ? 'yes' : 'none',
    });
    expect(diskUploads).toBe(false);
    await bucket.storage.close();
  },
);
