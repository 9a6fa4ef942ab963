/**
 * Helpers for the accounts, cart and orders API tests: real rows in the real
 * test database, real sign-ups through the API (no mocks).
 */
import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { cookiesFrom } from './app.ts';

let phoneCounter = 0;
/** A fresh 10-digit number per call within a test file. */
export function testPhone(): string {
  phoneCounter += 1;
  return `8${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

export const ADDRESS = '12, Lotus Residency, near City Mall, Pune - 411001, Maharashtra';
export const PASSWORD = 'long-enough-1';

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    number: testPhone(),
    email: 'asha@example.com',
    address: ADDRESS,
    password: PASSWORD,
    ...overrides,
  };
}

export interface Shopper {
  id: string;
  number: string;
  cookie: string;
}

/** Signs a new shopper up through the API and returns their session cookie. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Shopper> {
  const body = signupBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, number: body.number as string, cookie: cookiesFrom(res) };
}

export interface TestProduct {
  id: string;
  name: string;
  price: number;
  discountPrice: number;
}

/** Inserts a product row; in stock unless told otherwise. */
export async function insertProduct(
  db: Db,
  values: { name?: string; price?: number; discountPrice?: number; inStock?: boolean; deleted?: boolean } = {},
): Promise<TestProduct> {
  const id = newId();
  const now = nowIso();
  const product = {
    id,
    name: values.name ?? `Test Watch ${id.slice(-4)}`,
    price: values.price ?? 5000,
    discountPrice: values.discountPrice ?? 3500,
  };
  await db
    .insertInto('products')
    .values({
      id,
      name: product.name,
      brand: 'Rolex',
      category: 'men watch',
      price: product.price,
      discount_price: product.discountPrice,
      description: 'A test watch',
      images: JSON.stringify(['a'.repeat(32)]),
      color_images: '[]',
      features: '[]',
      tags: '[]',
      stars: 4,
      reviews_count: 10,
      status: 'New',
      spinning_text: '',
      in_stock: values.inStock === false ? 0 : 1,
      video_url: '',
      created_at: now,
      updated_at: now,
      deleted_at: values.deleted ? now : null,
    })
    .execute();
  return product;
}
