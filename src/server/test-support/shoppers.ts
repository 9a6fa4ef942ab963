/**
 * Helpers for the accounts, cart and orders API tests: real rows in the real
 * test database, real sign-ups through the API (no mocks).
 */
import type { FastifyInstance } from 'fastify';
import { productInputSchema } from '../../common/schemas/product.ts';
import { toProductRow } from '../catalog/product-row.ts';
import { createProduct, deleteProduct } from '../catalog/product-writes.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { Db } from '../db/tables.ts';
import { cookiesFrom } from './app.ts';

let phoneCounter = 0;
/** A fresh 10-digit number per call within a test file. */
export function testPhone(): string {
  phoneCounter += 1;
  return `8${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

let addressCounter = 0;
/**
 * A fresh client address per call (172.16.0.0/12, apart from the 10.x addresses
 * tests pick themselves): every shopper a test signs up comes from their own
 * address, as on the internet, so the 30-sign-ups-per-address limit never
 * trips a test that simply needs many shoppers.
 */
export function testClientAddress(): string {
  addressCounter += 1;
  return `172.${16 + (process.pid % 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
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
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: testClientAddress(),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().user.id, number: body.number as string, cookie: cookiesFrom(res) };
}

export interface TestProduct {
  id: string;
  name: string;
  price: number;
  discountPrice: number;
}

/** Adds a product through the product writes (search entry included); in stock unless told otherwise. */
export async function insertProduct(
  db: Db,
  values: { name?: string; price?: number; discountPrice?: number; inStock?: boolean; deleted?: boolean } = {},
): Promise<TestProduct> {
  const id = newId();
  const product = {
    id,
    name: values.name ?? `Test Watch ${id.slice(-4)}`,
    price: values.price ?? 5000,
    discountPrice: values.discountPrice ?? 3500,
  };
  const input = productInputSchema.parse({
    name: product.name,
    brand: 'Rolex',
    category: 'men watch',
    price: product.price,
    discountPrice: product.discountPrice,
    description: 'A test watch',
    images: ['a'.repeat(32)],
    status: 'New',
    inStock: values.inStock !== false,
  });
  await createProduct(db, toProductRow(id, input, nowIso()));
  if (values.deleted) await deleteProduct(db, id);
  return product;
}
