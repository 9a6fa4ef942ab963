/**
 * The journeys' WhatsApp phone: with E2E_FAKE_WHATSAPP=1, tests/e2e/server.ts runs the fake Graph
 * API (src/server/test-support/fake-whatsapp.ts) in front of the store and writes each message it
 * accepts as one JSON file here, so a journey in another process can read what a shopper got and
 * tap its buttons (a signed webhook, as Meta posts it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { signatureOf } from '../../src/server/notifications/whatsapp/signature.ts';
import {
  FAKE_APP_SECRET,
  FAKE_PHONE_NUMBER_ID,
  type SentMessage,
} from '../../src/server/test-support/fake-whatsapp.ts';
import { writeAtomically } from './atomic-file.ts';
import { serverPort } from './server-port.ts';

/** One inbox per journey server's port (server-port.ts). */
const inboxDir = () => resolve(import.meta.dirname, `../../test-results/e2e-whatsapp-${serverPort()}`);

export function clearWhatsAppInbox(): void {
  rmSync(inboxDir(), { recursive: true, force: true });
  mkdirSync(inboxDir(), { recursive: true });
}

let written = 0;
export function deliverToWhatsAppInbox(message: SentMessage): void {
  written += 1;
  writeAtomically(join(inboxDir(), `${Date.now()}-${written}.json`), JSON.stringify(message));
}

function readInbox(): SentMessage[] {
  try {
    return readdirSync(inboxDir())
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => JSON.parse(readFileSync(join(inboxDir(), n), 'utf8')) as SentMessage);
  } catch {
    return [];
  }
}

/** Waits for a WhatsApp message to this 10-digit phone from this template, and returns it. */
export async function expectWhatsApp(phone: string, template: string): Promise<SentMessage> {
  const find = () => readInbox().find((m) => m.to === `91${phone}` && m.template === template);
  await expect.poll(() => find() !== undefined, { message: `a WhatsApp ${template} to ${phone}` }).toBe(true);
  return find() as SentMessage;
}

/** The owner's WhatsApp number of the journeys' store (tests/e2e/server.ts). */
export const E2E_OWNER_WHATSAPP = '919800000001';
/** Media ids the journeys' fake Graph API holds: a JPEG photo and an Ogg voice note. */
export const E2E_MEDIA = { photo: '900000000001', voice: '900000000002' } as const;

/** The WhatsApp messages from this template that reached this 10-digit phone, oldest first. */
export function whatsAppsTo(phone: string, template: string): SentMessage[] {
  return readInbox().filter((m) => m.to === `91${phone}` && m.template === template);
}

/** Posts one shopper's message as Meta does: signed with the app secret, to the store's webhook. */
export async function postShopperMessage(request: APIRequestContext, from: string, message: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: FAKE_PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
              messages: [{ from, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  });
  const answer = await request.post('/api/whatsapp/webhook', {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, FAKE_APP_SECRET) },
    data: body,
  });
  expect(answer.status()).toBe(200);
}

let sentTexts = 0;
/**
 * The shopper follows a "Get updates on WhatsApp" link (its href) and presses send on their own
 * phone: the prefilled text arrives from that number (docs/whatsapp.md#numbers-proven-first).
 */
export async function sendFromWhatsAppLink(request: APIRequestContext, phone: string, href: string): Promise<void> {
  const text = new URL(href).searchParams.get('text') ?? '';
  sentTexts += 1;
  await postShopperMessage(request, `91${phone}`, {
    id: `wamid.E2ETEXT${Date.now()}${sentTexts}`,
    type: 'text',
    text: { body: text },
  });
  await expectWhatsAppText(phone, 'this number is confirmed');
}

/** Waits for a free-form WhatsApp text to this 10-digit phone containing `words`. */
export async function expectWhatsAppText(phone: string, words: string): Promise<void> {
  const find = () => readInbox().find((m) => m.to === `91${phone}` && m.type === 'text' && m.text?.includes(words));
  await expect.poll(() => find() !== undefined, { message: `a WhatsApp text to ${phone}` }).toBe(true);
}

/** The shopper taps a quick-reply button of `message`: the signed webhook Meta would post. */
export async function tapButton(request: APIRequestContext, message: SentMessage, index: number): Promise<void> {
  await postShopperMessage(request, message.to, {
    context: { from: '15550783881', id: message.id },
    id: `wamid.E2E${Date.now()}${index}`,
    type: 'button',
    button: { payload: message.buttons[index], text: index === 0 ? 'Confirm order' : 'Cancel order' },
  });
}
