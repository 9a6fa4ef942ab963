/**
 * Proving a shopper's number in tests the way a shopper does (notifications/whatsapp/proof-codes.ts):
 * the account asks for its code through the API, the fake WhatsApp posts the shopper's text with
 * it to the store's webhook (signed, as Meta does), and the test waits until the store kept the proof.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AccountProof } from '../../common/schemas/whatsapp.ts';
import { proofText } from '../../common/whatsapp-proof.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { FREE_TEXTS } from '../notifications/whatsapp-templates.ts';
import type { TestDatabase } from './databases.ts';
import type { FakeWhatsApp, SentMessage } from './fake-whatsapp.ts';
import { OWNER, until } from './mail-app.ts';
import { type Shopper, signUp, testClientAddress } from './shoppers.ts';

/** The account's proof state and link, as the profile asks for it. */
export async function askProof(app: FastifyInstance, shopper: Shopper): Promise<AccountProof> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/profile/messages/proof',
    headers: { cookie: shopper.cookie },
    remoteAddress: testClientAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountProof;
}

/** Waits until a proof for this number (and account, when given) is kept. */
export function untilProven(app: FastifyInstance, phone: string, userId?: string) {
  return until(async () => {
    let query = app.db.selectFrom('whatsapp_proofs').selectAll().where('phone', '=', phone);
    if (userId) query = query.where('user_id', '=', userId);
    return query.executeTakeFirst();
  }, `the proof of ${phone}`);
}

/** The store's thank-you for a proof (sent in the window the shopper's text opened). */
export const isProofAnswer = (m: SentMessage) => m.type === 'text' && m.text === FREE_TEXTS.proven.en;

/**
 * The shopper sends their account's code from their own number; resolves once it is proven and
 * the store's thank-you has gone (so it never lands in what a test counts next).
 */
export async function proveNumber(app: FastifyInstance, fake: FakeWhatsApp, shopper: Shopper): Promise<void> {
  const { proven, proof } = await askProof(app, shopper);
  if (proven || !proof) return;
  await fake.userText(`91${shopper.number}`, proofText(proof.code));
  await untilProven(app, shopper.number, shopper.id);
  await until(async () => fake.sent.find((m) => m.to === `91${shopper.number}` && isProofAnswer(m)), 'the thank-you');
}

/** A shopper signed up through the API whose number is proven their own. */
export async function provenShopper(
  app: FastifyInstance,
  fake: FakeWhatsApp,
  overrides: Record<string, unknown> = {},
): Promise<Shopper> {
  const shopper = await signUp(app, overrides);
  await proveNumber(app, fake, shopper);
  return shopper;
}

/** Points the fake's webhooks (the shopper's texts, statuses) at this app, as Meta is pointed at the shop. */
export function connectWebhook(app: FastifyInstance, fake: FakeWhatsApp): void {
  fake.setWebhookTarget(async (body, headers) => {
    const res = await app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers, payload: body });
    return { status: res.statusCode, body: res.body };
  });
}

/** The app with WhatsApp set up against the fake, started, its webhook connected; `env` adds settings. */
export async function whatsappApp(
  database: TestDatabase,
  fake: FakeWhatsApp,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    OWNER_EMAIL: OWNER,
    ...fake.env,
    ...env,
  });
  const app = await buildApp({
    config,
    database: { db: database.db, dialect: database.dialect, sqlite: database.sqlite },
    logger: false,
    // Short waits, so a retry comes soon; the tests wait for what happens, never for a time.
    whatsapp: { pollMs: 50, backoffMs: 20, rateLimitMs: 20, maxBackoffMs: 200 },
  });
  await app.ready();
  connectWebhook(app, fake);
  return app;
}
