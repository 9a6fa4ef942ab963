/**
 * One WhatsApp message sent through Meta's Cloud API (the Graph API), and what its answer means
 * for the outbox (docs/decisions/031-whatsapp-channel.md).
 *
 * Request (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages, "Send a message
 * template"): POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages with a Bearer token and
 *   { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *     template: { name, language: { code }, components: [
 *       { type: "body", parameters: [{ type: "text", text }] },
 *       { type: "button", sub_type: "quick_reply", index: "0", parameters: [{ type: "payload", payload }] } ] } }
 * or, for free-form text, type: "text", text: { preview_url: false, body }.
 * Answer: 200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] };
 * an error is { error: { message, type, code, error_data: { messaging_product, details },
 * fbtrace_id } } (developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/).
 */
import type { WhatsAppSettings } from './settings.ts';

/** What the outbox row holds for one message (whatsapp_outbox.params, parsed). */
export type WhatsAppContent =
  | { template: string; language: string; body: string[]; buttons: string[] }
  | { template: null; language: string; text: string };

export type SendOutcome =
  | { ok: true; messageId: string }
  /** Try again later: WhatsApp (or the network) is down, or the token is being fixed. */
  | { ok: false; kind: 'retry'; error: string }
  /** Meta's throughput or pair rate limit: wait, then send the same message again. */
  | { ok: false; kind: 'rate-limit'; error: string }
  /** Refused for good (an unknown template, an undeliverable number, the 24-hour rule): fall back to mail. */
  | { ok: false; kind: 'failed'; error: string; code: number | null };

/**
 * Rate limits (error-codes page, "Throttling errors"): 4 API too many calls, 80007 rate limit
 * issues of the WhatsApp Business Account, 130429 Cloud API throughput reached, 131048 spam rate
 * limit, 131056 too many messages to one user in a short time (pair rate limit).
 */
export const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * Worth trying again unchanged: 1 unknown API error, 2 API service temporarily unavailable,
 * 131000 something went wrong, 131016 service unavailable, 133004 server temporarily unavailable;
 * and the authorization errors (0, 3, 10, 190 expired token, 200-299 permissions), which the owner
 * fixes by setting a new token: the messages wait until then instead of being lost.
 */
const RETRY_CODES: ReadonlySet<number> = new Set([0, 1, 2, 3, 10, 190, 131000, 131016, 133004]);

function isRetryCode(code: number): boolean {
  return RETRY_CODES.has(code) || (code >= 200 && code <= 299);
}

/** The Graph API body of a message. */
export function messageBody(to: string, content: WhatsAppContent): Record<string, unknown> {
  const head = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (content.template === null) {
    return { ...head, type: 'text', text: { preview_url: false, body: content.text } };
  }
  const components: unknown[] = [];
  if (content.body.length > 0) {
    components.push({ type: 'body', parameters: content.body.map((text) => ({ type: 'text', text })) });
  }
  content.buttons.forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  return {
    ...head,
    type: 'template',
    template: { name: content.template, language: { code: content.language }, components },
  };
}

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

const ERROR_MAX = 500;

/** Sends one message; never throws except when `signal` aborts it. */
export async function sendWhatsApp(
  settings: WhatsAppSettings,
  to: string,
  content: WhatsAppContent,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<SendOutcome> {
  const url = `${settings.apiUrl}/${settings.phoneNumberId}/messages`;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(messageBody(to, content)),
      signal,
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    return { ok: false, kind: 'retry', error: `WhatsApp not reached: ${(err as Error).message}`.slice(0, ERROR_MAX) };
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: a proxy's or load balancer's page; judged by the status alone below.
  }
  if (response.ok) {
    const id = (json as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
    if (typeof id === 'string' && id) return { ok: true, messageId: id };
    return { ok: false, kind: 'retry', error: `WhatsApp answered ${response.status} without a message id` };
  }
  const err = (json as GraphError | null)?.error;
  const code = typeof err?.code === 'number' ? err.code : null;
  const details = typeof err?.error_data?.details === 'string' ? ` (${err.error_data.details})` : '';
  const error =
    `WhatsApp ${response.status}${code === null ? '' : ` code ${code}`}: ${typeof err?.message === 'string' ? err.message : text.slice(0, 200)}${details}`.slice(
      0,
      ERROR_MAX,
    );
  if ((code !== null && RATE_LIMIT_CODES.has(code)) || response.status === 429) {
    return { ok: false, kind: 'rate-limit', error };
  }
  if (response.status >= 500 || code === null || isRetryCode(code)) return { ok: false, kind: 'retry', error };
  return { ok: false, kind: 'failed', error, code };
}
