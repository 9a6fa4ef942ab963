/**
 * The server the journeys run against: a fresh data folder, a small seeded demo
 * catalogue and a known admin login (tests/e2e/fixtures.ts reads the same values).
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/main.ts';
import { startFakeShiprocket } from '../../src/server/shipping/couriers/shiprocket/fake.ts';
import { startFakeWhatsApp } from '../../src/server/test-support/fake-whatsapp.ts';
import { startTestSmtp } from '../../src/server/test-support/smtp.ts';
import {
  E2E_ADMIN,
  E2E_GSTIN,
  E2E_OWNER_EMAIL,
  E2E_PREPAID_ONLY_PINCODE,
  E2E_SHIPROCKET_WEBHOOK_TOKEN,
  E2E_UNSERVED_PINCODE,
} from './fixtures.ts';
import { clearMailbox, deliverToMailbox } from './mailbox.ts';
import { clearWhatsAppInbox, deliverToWhatsAppInbox, E2E_MEDIA, E2E_OWNER_WHATSAPP } from './whatsapp-inbox.ts';

// A real mail server in front of the store: what it accepts lands in the journeys' mailbox.
clearMailbox();
const smtp = await startTestSmtp({ onReceived: (mail) => deliverToMailbox(mail) });

const dataDir = mkdtempSync(join(tmpdir(), 'watch-e2e-'));
// Shiprocket's API as the courier, when a journey asks for it (shipping-shiprocket.spec.ts):
// the fake Shiprocket on loopback, which follows Shiprocket's documented calls.
// Its webhook token is a fixed one (fixtures.ts), so journeys can send the store Shiprocket's
// tracking events as Shiprocket does. Two pincodes it answers as a courier does for remote places
// (courier-pincode.spec.ts): one without cash on delivery, one no courier serves.
let shiprocket: Record<string, string> = {};
if (process.env.E2E_FAKE_SHIPROCKET === '1') {
  const fake = await startFakeShiprocket();
  fake.prepaidOnly.add(E2E_PREPAID_ONLY_PINCODE);
  fake.unserved.add(E2E_UNSERVED_PINCODE);
  shiprocket = fake.env({ SHIPROCKET_WEBHOOK_TOKEN: E2E_SHIPROCKET_WEBHOOK_TOKEN });
}
// WhatsApp's Cloud API, when a journey asks for it (whatsapp.spec.ts): the fake Graph API on
// loopback; what it accepts lands in the journeys' WhatsApp inbox (whatsapp-inbox.ts).
let whatsapp: Record<string, string> = {};
if (process.env.E2E_FAKE_WHATSAPP === '1') {
  clearWhatsAppInbox();
  const fake = await startFakeWhatsApp({ onSent: deliverToWhatsAppInbox });
  fake.setWebhookTarget(async (body, headers) => {
    const res = await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? '3199'}/api/whatsapp/webhook`, {
      method: 'POST',
      headers,
      body,
    });
    return { status: res.status, body: await res.text() };
  });
  // The inbox journey (services-inbox.spec.ts): the owner's number, all-day shop hours, and the
  // media a shopper's photo and voice note name (E2E_MEDIA), held by the fake's media endpoint.
  whatsapp = { ...fake.env, OWNER_WHATSAPP: E2E_OWNER_WHATSAPP, SHOP_HOURS: '00:00-24:00' };
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b08d57' } })
    .jpeg()
    .toBuffer();
  fake.media.set(E2E_MEDIA.photo, { bytes: photo, mimeType: 'image/jpeg', declaredSize: photo.length });
  const voice = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2000, 7)]);
  fake.media.set(E2E_MEDIA.voice, { bytes: voice, mimeType: 'audio/ogg', declaredSize: voice.length });
}
const config = loadConfig({
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT ?? '3199',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SEED_PRODUCTS: '80',
  // The advance's UPI link and QR code, and the order mails (cod-advance.spec.ts).
  SHOP_UPI_ID: 'timesquare@okhdfcbank',
  // Pay in full now, 5% off (services-payaddr.spec.ts; docs/product.md#pay-in-full).
  PAY_IN_FULL_DISCOUNT: '5%',
  SMTP_URL: smtp.url,
  OWNER_EMAIL: E2E_OWNER_EMAIL,
  // GST invoices (invoices.spec.ts): the shop is registered in Maharashtra.
  SHOP_GSTIN: E2E_GSTIN,
  SHOP_LEGAL_NAME: 'Time Square Watches Private Limited',
  LOG_LEVEL: 'warn',
  // Every journey signs up from 127.0.0.1; the limit itself is proved by tests/security/login-limits.test.ts.
  SIGNUPS_PER_ADDRESS: '1000',
  // Journeys order again and again as the demo shopper without paying (docs/product.md#unpaid-orders).
  UNPAID_ORDERS_MAX: '1000',
  ...shiprocket,
  ...whatsapp,
});
await startServer(config, { seedDemo: true });
