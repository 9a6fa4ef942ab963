/**
 * A fake of WhatsApp's Cloud API (Meta's Graph API) on 127.0.0.1, for the WhatsApp tests: it
 * answers as Meta documents, and posts signed webhooks to the store as Meta does.
 *
 * Sending (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 *   POST /{version}/{phone-number-id}/messages, Authorization: Bearer {token}, JSON body
 *   { messaging_product: "whatsapp", to, type: "template" | "text", ... }
 *   → 200 { messaging_product: "whatsapp", contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }
 * Errors (developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/):
 *   { error: { message, type: "OAuthException", code, error_data: { messaging_product, details }, fbtrace_id } }
 *   190 a bad token (401); 132001 a template that does not exist in that language; 132000 the wrong
 *   number of parameters; 130429 throughput reached (rate limit); 131056 pair rate limit. Some
 *   failures come later, as a "failed" status webhook: 131026 message undeliverable, 131047
 *   re-engagement message (free-form text more than 24 hours after the user last wrote).
 * Webhooks (developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages):
 *   { object: "whatsapp_business_account", entry: [{ id, changes: [{ field: "messages", value:
 *   { messaging_product, metadata, contacts?, messages? | statuses? } }] }] }, signed with
 *   X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, body).
 * Inbound media (developers.facebook.com/docs/whatsapp/cloud-api/reference/media): a shopper's
 *   image / audio / document message names a media id; GET /{version}/{media-id} with the Bearer
 *   token answers { messaging_product, url, mime_type, sha256, file_size, id }, and GET url, with
 *   the same token, the bytes (the url expires after 5 minutes at Meta; here it holds a one-time
 *   key that expiresMedia() can void).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { signatureOf } from '../notifications/whatsapp/signature.ts';
import { WHATSAPP_TEMPLATES } from '../notifications/whatsapp-templates.ts';

export const FAKE_TOKEN = 'fake-whatsapp-token-123';
export const FAKE_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_APP_SECRET = 'fake-app-secret-0123456789';
export const FAKE_VERIFY_TOKEN = 'fake-verify-token-0123456789';
const BUSINESS_NUMBER = '15550783881';
const DAY_MS = 24 * 3_600_000;

export interface SentMessage {
  id: string;
  to: string;
  type: 'template' | 'text';
  template?: string;
  language?: string;
  body: string[];
  buttons: string[];
  text?: string;
  raw: Record<string, unknown>;
}

export interface GraphErrorSpec {
  status: number;
  code: number;
  message: string;
  details?: string;
}

export const GRAPH_ERRORS = {
  rateLimit: {
    status: 400,
    code: 130429,
    message: '(#130429) Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  pairRateLimit: {
    status: 400,
    code: 131056,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
  },
  serviceUnavailable: { status: 503, code: 2, message: 'Service temporarily unavailable' },
} satisfies Record<string, GraphErrorSpec>;

/** What the store answered a webhook with. */
export interface WebhookAnswer {
  status: number;
  body: string;
}
export type WebhookPoster = (body: string, headers: Record<string, string>) => Promise<WebhookAnswer>;

export interface FakeWhatsApp {
  /** The Graph API base for WHATSAPP_API_URL (with its version). */
  apiUrl: string;
  /** The environment the store needs to use this fake. */
  env: Record<string, string>;
  /** Messages accepted, in order. */
  sent: SentMessage[];
  /** Send requests received (accepted or not). */
  requests: number;
  /** Template names Meta knows (approved) in each language; all of the store's by default. */
  templates: Map<string, Set<string>>;
  /** Numbers (digits, no +) whose messages are accepted, then fail with 131026 (a status webhook). */
  undeliverable: Set<string>;
  /** The next sends answer these errors, one each. */
  failNext(...errors: GraphErrorSpec[]): void;
  /** Down: connections are reset until up() (WhatsApp unreachable). */
  down(): void;
  up(): void;
  /** Holds every send's answer until release() (Meta slow to answer); resolves when one is held. */
  hold(): void;
  /** The messages whose answers are held (their ids already given, as Meta gives them before answering). */
  heldMessages: SentMessage[];
  waitHeld(count?: number): Promise<void>;
  release(): void;
  /** Where this fake posts the webhooks it sends on its own (statuses), as Meta does. */
  setWebhookTarget(poster: WebhookPoster): void;
  /** Signs and posts a webhook to the store (a button reply, a text, a status). */
  postWebhook(
    value: Record<string, unknown>,
    options?: { secret?: string; signature?: string | null },
  ): Promise<WebhookAnswer>;
  /** The user taps a quick-reply button of `replyTo` (a sent message). */
  buttonReply(
    replyTo: SentMessage,
    buttonIndex: number,
    options?: { id?: string; from?: string },
  ): Promise<WebhookAnswer>;
  /** Inbound media the fake holds (addMedia), by media id. */
  media: Map<string, FakeMedia>;
  /** Media metadata requests and downloads received. */
  mediaRequests: { meta: number; download: number };
  /** Holds a file a shopper sends; `declaredSize` is what Meta's metadata says (default: its length). */
  addMedia(bytes: Buffer, mimeType: string, options?: { declaredSize?: number }): string;
  /** The user sends any message: `type` and its part as Meta posts it (image, audio, location…). */
  userMessage(
    from: string,
    type: string,
    part: unknown,
    options?: { id?: string; timestamp?: number; name?: string },
  ): Promise<WebhookAnswer>;
  /** The user writes text (opens the 24-hour window for free-form text). */
  userText(from: string, text: string, options?: { id?: string }): Promise<WebhookAnswer>;
  /** A status callback for a sent message. */
  status(
    messageId: string,
    to: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    error?: { code: number; title: string },
  ): Promise<WebhookAnswer>;
  /** Resolves once `count` messages were accepted. */
  waitForSent(count: number, timeoutMs?: number): Promise<SentMessage[]>;
  close(): Promise<void>;
}

export interface FakeMedia {
  bytes: Buffer;
  mimeType: string;
  declaredSize: number;
}

function graphError(res: ServerResponse, spec: GraphErrorSpec): void {
  res.writeHead(spec.status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        message: spec.message,
        type: 'OAuthException',
        code: spec.code,
        error_data: { messaging_product: 'whatsapp', details: spec.details ?? spec.message },
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    }),
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const digits = (phone: string) => phone.replace(/\D/g, '');

export async function startFakeWhatsApp(
  options: { onSent?: (message: SentMessage) => void } = {},
): Promise<FakeWhatsApp> {
  const sent: SentMessage[] = [];
  const queuedErrors: GraphErrorSpec[] = [];
  const lastUserMessage = new Map<string, number>();
  const templates = new Map<string, Set<string>>(
    Object.values(WHATSAPP_TEMPLATES).map((t) => [t.name, new Set(['en', 'hi'])]),
  );
  const undeliverable = new Set<string>();
  const sockets = new Set<Socket>();
  const sentWaiters: Array<() => void> = [];
  let isDown = false;
  let holding = false;
  let held: Array<() => void> = [];
  const heldWaiters: Array<() => void> = [];
  let webhookTarget: WebhookPoster | null = null;
  let counter = 0;

  const fake = {} as FakeWhatsApp;

  async function post(value: Record<string, unknown>, options: { secret?: string; signature?: string | null } = {}) {
    if (!webhookTarget) throw new Error('fake WhatsApp: no webhook target set');
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
                metadata: { display_phone_number: BUSINESS_NUMBER, phone_number_id: FAKE_PHONE_NUMBER_ID },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature =
      options.signature === undefined ? signatureOf(body, options.secret ?? FAKE_APP_SECRET) : options.signature;
    if (signature !== null) headers['x-hub-signature-256'] = signature;
    return webhookTarget(body, headers);
  }

  function statusValue(messageId: string, to: string, status: string, error?: { code: number; title: string }) {
    return {
      statuses: [
        {
          id: messageId,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: digits(to),
          ...(error ? { errors: [{ code: error.code, title: error.title, message: error.title }] } : {}),
        },
      ],
    };
  }

  const media = new Map<string, FakeMedia>();
  const mediaRequests = { meta: 0, download: 0 };
  let mediaCounter = 0;

  /** GET /{version}/{media-id} and the download url it gives; false when the request is not one. */
  function answerMedia(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const metaMatch = /^\/v[0-9.]+\/([0-9]+)$/.exec(req.url ?? '');
    const download = /^\/download\/([0-9]+)$/.exec(req.url ?? '');
    if (!metaMatch && !download) return false;
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
      return true;
    }
    const id = (metaMatch ?? download)?.[1] ?? '';
    const file = media.get(id);
    if (!file) {
      graphError(res, { status: 404, code: 100, message: 'Unsupported get request.', details: 'no such media' });
      return true;
    }
    if (metaMatch) {
      mediaRequests.meta += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/download/${id}`,
          mime_type: file.mimeType,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          file_size: file.declaredSize,
          id,
        }),
      );
      return true;
    }
    mediaRequests.download += 1;
    res.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.bytes.length });
    res.end(file.bytes);
    return true;
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (answerMedia(req, res)) return;
    const match = /^\/v[0-9.]+\/([0-9]+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      graphError(res, { status: 400, code: 100, message: 'Unsupported post request.' });
      return;
    }
    fake.requests += 1;
    const raw = await readBody(req);
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) {
      graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
      return;
    }
    if (match[1] !== FAKE_PHONE_NUMBER_ID) {
      graphError(res, { status: 400, code: 100, message: 'Invalid parameter', details: 'Unknown phone number id' });
      return;
    }
    const failure = queuedErrors.shift();
    if (failure) {
      graphError(res, failure);
      return;
    }
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      graphError(res, { status: 400, code: 100, message: 'Invalid parameter', details: 'The body is not JSON' });
      return;
    }
    if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string') {
      graphError(res, {
        status: 400,
        code: 100,
        message: 'Invalid parameter',
        details: 'messaging_product and to are required',
      });
      return;
    }
    const to = digits(body.to);
    const message: SentMessage = { id: '', to, type: body.type, body: [], buttons: [], raw: body };
    let lateFailure: { code: number; title: string } | null = null;
    if (body.type === 'template') {
      const name = body.template?.name;
      const language = body.template?.language?.code;
      if (!templates.get(name)?.has(language)) {
        graphError(res, {
          status: 404,
          code: 132001,
          message: '(#132001) Template name does not exist in the translation',
          details: `template name (${name}) does not exist in ${language}`,
        });
        return;
      }
      const components: any[] = body.template.components ?? [];
      message.template = name;
      message.language = language;
      message.body = (components.find((c) => c.type === 'body')?.parameters ?? []).map((p: any) => p.text);
      message.buttons = components
        .filter((c) => c.type === 'button' && c.sub_type === 'quick_reply')
        .sort((a, b) => Number(a.index) - Number(b.index))
        .map((c) => c.parameters?.[0]?.payload);
      const definition = Object.values(WHATSAPP_TEMPLATES).find((t) => t.name === name);
      const expected = definition ? definition.params.length : message.body.length;
      if (
        message.body.length !== expected ||
        message.body.some((p) => typeof p !== 'string' || /[\n\t]| {5,}/.test(p))
      ) {
        graphError(res, {
          status: 400,
          code: 132000,
          message: '(#132000) Number of parameters does not match the expected number of params',
          details: `body: number of localizable_params (${message.body.length}) does not match the expected number of params (${expected})`,
        });
        return;
      }
    } else if (body.type === 'text') {
      message.text = body.text?.body;
      // The customer service window: free-form text only within 24 hours of the user's last message.
      const last = lastUserMessage.get(to);
      if (last === undefined || Date.now() - last > DAY_MS) {
        lateFailure = { code: 131047, title: 'Re-engagement message' };
      }
    } else {
      graphError(res, {
        status: 400,
        code: 100,
        message: 'Invalid parameter',
        details: `type ${body.type} is not faked`,
      });
      return;
    }
    if (undeliverable.has(to)) lateFailure = { code: 131026, title: 'Message undeliverable' };
    counter += 1;
    message.id = `wamid.FAKE${String(counter).padStart(6, '0')}${randomBytes(6).toString('hex')}`;
    const respond = () => {
      sent.push(message);
      options.onSent?.(message);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: to }],
          messages: [{ id: message.id, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
        }),
      );
      for (const w of sentWaiters.splice(0)) w();
      if (lateFailure && webhookTarget) {
        const failure = lateFailure;
        // As Meta: the failure arrives later, as a status webhook.
        setImmediate(() => {
          post(statusValue(message.id, to, 'failed', failure)).catch(() => {});
        });
      }
    };
    if (holding) {
      fake.heldMessages.push(message);
      held.push(respond);
      for (const w of heldWaiters.splice(0)) w();
      return;
    }
    respond();
  }

  const server: Server = createServer((req, res) => {
    if (isDown) {
      req.socket.destroy();
      return;
    }
    answer(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}/v21.0`;

  Object.assign(fake, {
    apiUrl,
    env: {
      WHATSAPP_TOKEN: FAKE_TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: FAKE_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: FAKE_VERIFY_TOKEN,
      WHATSAPP_API_URL: apiUrl,
      WHATSAPP_NUMBER: BUSINESS_NUMBER,
    },
    sent,
    requests: 0,
    templates,
    undeliverable,
    failNext: (...errors: GraphErrorSpec[]) => {
      queuedErrors.push(...errors);
    },
    down: () => {
      isDown = true;
      for (const s of sockets) s.destroy();
    },
    up: () => {
      isDown = false;
    },
    hold: () => {
      holding = true;
    },
    waitHeld: (count = 1) =>
      new Promise<void>((resolve) => {
        const check = () => (held.length >= count ? resolve() : heldWaiters.push(check));
        check();
      }),
    heldMessages: [],
    release: () => {
      holding = false;
      fake.heldMessages = [];
      const pending = held;
      held = [];
      for (const r of pending) r();
    },
    setWebhookTarget: (poster: WebhookPoster) => {
      webhookTarget = poster;
    },
    postWebhook: post,
    buttonReply: (replyTo: SentMessage, index: number, options: { id?: string; from?: string } = {}) => {
      const from = options.from ?? replyTo.to;
      lastUserMessage.set(from, Date.now());
      const definition = Object.values(WHATSAPP_TEMPLATES).find((t) => t.name === replyTo.template);
      const quick = definition && 'quickReplies' in definition ? definition.quickReplies[index] : undefined;
      return post({
        contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
        messages: [
          {
            context: { from: BUSINESS_NUMBER, id: replyTo.id },
            from,
            id: options.id ?? `wamid.IN${randomBytes(10).toString('hex')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'button',
            button: { payload: replyTo.buttons[index], text: quick?.text.en ?? 'Button' },
          },
        ],
      });
    },
    media,
    mediaRequests,
    addMedia: (bytes: Buffer, mimeType: string, options: { declaredSize?: number } = {}) => {
      mediaCounter += 1;
      const id = `${Date.now()}${String(mediaCounter).padStart(4, '0')}`;
      media.set(id, { bytes, mimeType, declaredSize: options.declaredSize ?? bytes.length });
      return id;
    },
    userMessage: (
      from: string,
      type: string,
      part: unknown,
      options: { id?: string; timestamp?: number; name?: string } = {},
    ) => {
      const wa = digits(from);
      const at = options.timestamp ?? Date.now();
      lastUserMessage.set(wa, Math.max(lastUserMessage.get(wa) ?? 0, at));
      return post({
        contacts: [{ profile: { name: options.name ?? 'Shopper' }, wa_id: wa }],
        messages: [
          {
            from: wa,
            id: options.id ?? `wamid.IN${randomBytes(10).toString('hex')}`,
            timestamp: String(Math.floor(at / 1000)),
            type,
            ...(type === 'contacts' ? { contacts: part } : { [type]: part }),
          },
        ],
      });
    },
    userText: (from: string, text: string, options: { id?: string } = {}) => {
      const wa = digits(from);
      lastUserMessage.set(wa, Date.now());
      return post({
        contacts: [{ profile: { name: 'Shopper' }, wa_id: wa }],
        messages: [
          {
            from: wa,
            id: options.id ?? `wamid.IN${randomBytes(10).toString('hex')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
    status: (messageId: string, to: string, status: string, error?: { code: number; title: string }) =>
      post(statusValue(messageId, to, status, error)),
    waitForSent: (count: number, timeoutMs = 20_000) =>
      new Promise<SentMessage[]>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`fake WhatsApp: ${sent.length} of ${count} messages after ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (sent.length >= count) {
            clearTimeout(timer);
            resolve(sent.slice());
          } else sentWaiters.push(check);
        };
        check();
      }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return fake;
}
