/**
 * Row types of every table. Conventions that keep SQLite and PostgreSQL alike:
 * ids are app-generated text, booleans are 0/1 integers, times are ISO-8601 UTC
 * text (sortable as strings), lists are JSON text, money is whole rupees.
 */
import type { ColumnType, Insertable, Kysely, Selectable, Updateable } from 'kysely';

export interface ProductsTable {
  id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  discount_price: number;
  description: string;
  images: string; // JSON string[] of image ids
  color_images: string; // JSON {color, image}[]
  features: string; // JSON {name, description}[]
  tags: string; // JSON string[]
  stars: number;
  reviews_count: number;
  status: string;
  spinning_text: string;
  in_stock: number;
  video_url: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Watches left; null when the owner does not count them (the in-stock toggle alone). */
  stock_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** Tariff code printed on the invoice (9102: wrist watches). */
  hsn_code: ColumnType<string, string | undefined, string>;
  /** Shown before purchase; '' for watches listed before the field existed. */
  country_of_origin: ColumnType<string, string | undefined, string>;
  /** Unit of quantity on the invoice and in GSTR-1 (NOS: numbers), copied onto each order line. */
  uqc: ColumnType<string, string | undefined, string>;
  /** The parcel's weight (grams) and box (cm) for the courier; null: the shop's PARCEL_DEFAULT_* settings. */
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
  length_cm: ColumnType<number | null, number | null | undefined, number | null>;
  breadth_cm: ColumnType<number | null, number | null | undefined, number | null>;
  height_cm: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * A rating from elsewhere (migration 0028): shown, labelled with its source, only when the owner
   * named the source ("Amazon"); '' is the typed stars the migration kept, waiting for a source.
   */
  outside_rating: ColumnType<number | null, number | null | undefined, number | null>;
  outside_rating_count: ColumnType<number | null, number | null | undefined, number | null>;
  outside_rating_source: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  id: string;
  name: string;
  phone: string;
  email: string;
  addresses: string; // JSON string[]
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Set when the shopper erased the account: personal fields emptied, phone released (docs/privacy.md). */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper agreed to order updates on WhatsApp; null: never, or taken back (docs/whatsapp.md). */
  whatsapp_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper also agreed to offers (marketing templates: back in stock, cart reminder). */
  offers_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** en | hi: the language of the shopper's WhatsApp messages. */
  language: ColumnType<string, string | undefined, string>;
  /** When the server cart last changed; null: not since migration 0017 (no cart reminder then). */
  cart_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the last cart reminder was queued (docs/decisions/039-back-in-stock-and-cart-reminder.md). */
  cart_reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CartItemsTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
  /** When an admin marked this line, shown as a website lead, followed up (migration 0012). */
  followed_up_at: string | null;
}

export interface OrdersTable {
  id: string;
  /** What people read: PREFIX-NNNNN (orders/order-number.ts). */
  number: string;
  user_id: string;
  user_phone: string;
  address: string;
  status: string;
  total_mrp: number;
  total: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** awaiting | submitted | received | refused | waived (common/advance.ts). */
  advance_state: ColumnType<string, string | undefined, string>;
  advance_utr: ColumnType<string | null, string | null | undefined, string | null>;
  advance_note: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The advance (rupees) the order was placed with: COD_ADVANCE at that moment, changed after only
   * by the shopper choosing to pay the whole order before paying anything (orders/pay-in-full.ts;
   * docs/decisions/061-pay-in-full-is-the-advance.md). Every figure about the order (UPI link,
   * balance, invoice, label, mails) reads it (common/advance.ts).
   */
  advance_amount: ColumnType<number, number, number>;
  /** The name the order was placed under; kept for the invoice if the account is erased. */
  buyer_name: ColumnType<string, string | undefined, string>;
  /** A business buyer's GSTIN, given at checkout (common/gstin.ts); null for a consumer. */
  buyer_gstin: ColumnType<string | null, string | null | undefined, string | null>;
  /** The business the invoice is billed to, with the GSTIN (CGST Rule 46(e)); null without one. */
  buyer_business_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Given once, at dispatch (e.g. TSW/25-26/000123), with the tax facts frozen beside it. */
  invoice_number: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's GSTIN when the invoice was made; null: a receipt without tax lines. */
  invoice_gstin: ColumnType<string | null, string | null | undefined, string | null>;
  /** GST rate in basis points (1800 = 18%). */
  invoice_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  /** Place of supply: the delivery state's name and two-digit GST state code. */
  invoice_supply_state: ColumnType<string | null, string | null | undefined, string | null>;
  invoice_supply_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper confirmed this cash-on-delivery order with WhatsApp's Confirm button. */
  shopper_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reminder before an unpaid order expires was queued (orders/unpaid.ts); null: not yet. */
  unpaid_reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Rupees taken off for paying the whole order now (common/pay-in-full.ts); `total` is after it. */
  full_pay_discount: ColumnType<number, number | undefined, number>;
  /** The owner marked the address doubtful (orders/address-check.ts): when and why; packing waits. */
  address_doubt_at: ColumnType<string | null, string | null | undefined, string | null>;
  address_doubt_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address before the shopper corrected it through the link, and when (the owner reads both). */
  address_was: ColumnType<string | null, string | null | undefined, string | null>;
  address_corrected_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The risk the order was placed with (server/risk/, docs/decisions/059-cod-risk-tiers.md): its tier
   * (low | medium | high; null before migration 0023), score, whether it was drawn for the holdout
   * (1: asked the plain default advance whatever its tier), its reasons in the owner's words (JSON)
   * and the rule set. Written once, at placement.
   */
  risk_tier: ColumnType<string | null, string | null | undefined, never>;
  risk_score: ColumnType<number | null, number | null | undefined, never>;
  risk_holdout: ColumnType<number, number | undefined, never>;
  risk_reasons: ColumnType<string | null, string | null | undefined, never>;
  risk_rules_id: ColumnType<string | null, string | null | undefined, never>;
  /** The delivery pincode and normalised address (risk/address-signals.ts): indexed for the risk counts. */
  delivery_pincode: ColumnType<string | null, string | null | undefined, string | null>;
  address_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A rule set the owner saved on COD RULES (risk/rules-queries.ts); the newest is in force. */
/** A pincode's finished orders (risk/pincode-outcomes.ts; migration 0031), kept by orders/transition.ts. */
export interface PincodeOutcomesTable {
  pincode: string;
  delivered: number;
  returned: number;
}

export interface CodRulesTable {
  id: string;
  /** JSON of CodRules (common/cod-rules.ts). */
  rules: string;
  admin_id: string | null;
  created_at: string;
}

export interface OrderLinesTable {
  order_id: string;
  line_no: number;
  product_id: string;
  product_name: string;
  image: string;
  price: number;
  discount_price: number;
  quantity: number;
  hsn_code: ColumnType<string, string | undefined, string>;
  /** The product's unit of quantity when the order was placed (NOS). */
  uqc: ColumnType<string, string | undefined, string>;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  /** 'state' (status is the order's state) or 'advance' (status is the advance's state). */
  kind: ColumnType<string, string | undefined, string>;
  status: string;
  admin_id: string | null;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface CountersTable {
  key: string;
  value: number;
}

/** A message to send, written in the same transaction as the change it tells of. */
export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  order_id: string | null;
  created_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A mail standing in for this WhatsApp message (whatsapp_outbox.id): sent only if that one fails. */
  held_for: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A WhatsApp message to send (docs/decisions/031-whatsapp-channel.md), beside the mail outbox. */
export interface WhatsAppOutboxTable {
  id: string;
  kind: string;
  /** E.164, such as +919876543210. */
  to_phone: string;
  /** The approved template's name; null for free-form text (only within 24 hours of the shopper's message). */
  template: string | null;
  /** en | hi (the template's language; Meta's codes are en and hi). */
  language: string;
  /** JSON: { body: string[], buttons: string[] } for a template, { text } for free-form text. */
  params: string;
  /** The message as the shopper reads it (for the dashboard and logs). */
  preview: string;
  order_id: string | null;
  created_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** When Meta accepted it (answered with a message id). */
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Meta's message id (wamid...), which the status webhooks name. */
  wa_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** queued | accepted | sent | delivered | read | failed */
  status: ColumnType<string, string | undefined, string>;
  status_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it failed for good (refused, or a failed status): its mail, if any, went out instead. */
  failed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A webhook event as received, keyed by its own id so WhatsApp's repeats are recognised. */
export interface WhatsAppInboxTable {
  id: string;
  /** reply | text | status */
  kind: string;
  /** JSON: the message or status object as Meta sent it. */
  body: string;
  received_at: string;
  applied_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The grievance desk (docs/product.md#contact): one row per complaint, numbered for the person. */
export interface ComplaintsTable {
  id: string;
  ticket: string;
  name: string;
  phone: string;
  order_number: string | null;
  message: string;
  created_at: string;
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
  answer_note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time password reset link the owner made for a shopper; only its SHA-256 is kept. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductViewsTable {
  product_id: string;
  user_id: string;
  created_at: string;
}

export interface LeadsTable {
  id: string;
  platform: string; // amazon | whatsapp
  customer: string; // name or number as the platform gave it
  phone: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  created_at: string;
  created_by: string | null; // admin id for hand-entered leads
  followed_up_at: string | null; // when an admin marked it followed up (migration 0012)
}

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  last_login_at: string | null;
}

export interface SessionsTable {
  token_hash: string; // SHA-256 of the cookie token: a leaked table gives no sessions
  kind: string; // user | admin
  subject_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Abuse-limit counters (auth/rate-limit.ts): slots taken in the window that ends at expires_at. */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: string;
}

/** Where an account last logged in from (auth/login-limits.ts). */
export interface LoginAddressesTable {
  account: string;
  address: string;
  last_login_at: string;
}

export interface SiteContentTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * An order's parcel (docs/product.md#shipping), one per order. `courier` is the implementation
 * ('manual' | 'shiprocket'); `step` a ShipmentStep (common/shipments.ts), only ever moved forward.
 */
export interface ShipmentsTable {
  order_id: string;
  courier: string;
  courier_name: ColumnType<string, string | undefined, string>;
  /** The tracking number; unique when set. */
  awb: Optional<string>;
  tracking_url: Optional<string>;
  step: ColumnType<string, string | undefined, string>;
  /** The latest scan: the courier's words, where and when. */
  scan_text: Optional<string>;
  scan_location: Optional<string>;
  scan_at: Optional<string>;
  /** The expected delivery date (YYYY-MM-DD, India time). */
  expected_by: Optional<string>;
  /** Failed delivery attempts so far, and the courier's reason for the last one. */
  attempts: ColumnType<number, number | undefined, number>;
  undelivered_reason: Optional<string>;
  courier_order_id: Optional<string>;
  courier_shipment_id: Optional<string>;
  label_url: Optional<string>;
  /** none | booking | booked | failed: an automatic booking as the owner sees it. */
  booking_state: ColumnType<string, string | undefined, string>;
  /** The courier's own words when a booking failed. */
  booking_error: Optional<string>;
  booked_at: Optional<string>;
  /** A parcel returned to origin that the owner marked received and checked. */
  received_back_at: Optional<string>;
  created_at: string;
  updated_at: string;
}

/** Every tracking event received; unique on (awb, status_id, at), so a repeat changes nothing. */
export interface ShipmentEventsTable {
  id: string;
  awb: string;
  status_id: string;
  step: string;
  status_text: string;
  at: string;
  location: string | null;
  reason: string | null;
  attempt: number | null;
  received_at: string;
}

/** A credit note for an invoiced order cancelled or returned (invoices/credit-notes.ts); one per order. */
export interface CreditNotesTable {
  id: string;
  order_id: string;
  /** From its own series per financial year, e.g. TSWCN/2526/00001. */
  number: string;
  issued_at: string;
  /** 'cancelled' | 'returned'. */
  reason: string;
}

/** A refund recorded or an advance kept (migration 0025; settlements/, common/settlement.ts). */
export interface SettlementsTable {
  id: string;
  order_id: string;
  /** 'refund' | 'kept'. */
  kind: string;
  amount_paise: number;
  /** A refund's UPI or bank reference; null when kept. */
  reference: string | null;
  /** A refund's India date (YYYY-MM-DD); null when kept. */
  paid_on: string | null;
  /** A RefundReason or a KeepReason (common/settlement.ts). */
  reason: string;
  admin_id: string | null;
  created_at: string;
}

/** An upload of a bank statement that brought new lines (migration 0009; books/statement/). */
export interface StatementImportsTable {
  id: string;
  admin_id: string | null;
  file_name: string;
  /** The layout read: a bank's name (HDFC, ICICI, SBI, Axis) or 'mapped' for the owner's own mapping. */
  layout: string;
  lines_read: number;
  credits: number;
  new_lines: number;
  matched: number;
  /** The statement's first and last transaction dates (YYYY-MM-DD). */
  first_date: string | null;
  last_date: string | null;
  created_at: string;
}

/** A credit of a bank statement, kept as proof (books/statement/line-queries.ts). */
export interface StatementLinesTable {
  id: string;
  import_id: string;
  /** sha256 of the bank's own line (and its count among equal lines of the file): unique. */
  line_hash: string;
  line_no: number;
  txn_date: string;
  narration: string;
  reference: string;
  /** The credit in paise (a bank line may carry paise; orders keep rupees). */
  amount_paise: number;
  utr: string | null;
  /** pending | matched | proof | no_order | amount_differs (books/statement/match.ts). */
  outcome: string;
  note: string | null;
  /** The order whose UTR the line carries (matched, proof, or amount differs). */
  order_id: string | null;
  /** The order this line proved received: unique, so one credit never marks two orders. */
  matched_order_id: string | null;
  created_at: string;
}

/** The owner's column mapping of a bank layout we do not know, by its normalised header row. */
export interface StatementLayoutsTable {
  header_key: string;
  /** JSON string[]: the header row as the bank wrote it. */
  header: string;
  /** JSON: the mapping (books/statement/layouts.ts ColumnMapping). */
  columns: string;
  admin_id: string | null;
  created_at: string;
}

/** A line of a courier's COD remittance report (books/remittance/, migration 0015). */
export interface RemittanceLinesTable {
  id: string;
  import_id: string;
  /** sha256 of the courier's own line (and its count among equal lines of the file): unique. */
  line_hash: string;
  line_no: number;
  awb: string;
  /** The order reference the courier printed beside the AWB (ours, or the courier's own id). */
  order_ref: string;
  remitted_paise: number;
  /** YYYY-MM-DD, when the courier says it paid; null when the report gives no date. */
  remitted_on: string | null;
  /** The UTR or CRF id of the courier's payment. */
  reference: string;
  /** The order whose shipment carries the AWB; null: an AWB we never gave a parcel. */
  order_id: string | null;
  admin_id: string | null;
  created_at: string;
}

/**
 * A courier's work for an order, done later by the courier job worker (shipping/booking-jobs.ts,
 * docs/decisions/028-courier-booking.md): kind 'book' | 'pickup'; state waiting | done | failed.
 */
export interface CourierJobsTable {
  id: string;
  order_id: string;
  kind: string;
  state: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  /** A worker's claim: nobody else takes the job before this time. */
  lease_until: ColumnType<string | null, string | null | undefined, string | null>;
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last failure: the courier's words for a refusal, or why it could not be reached. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A "Notify me" on an out-of-stock watch (notifications/back-in-stock/). */
export interface BackInStockRequestsTable {
  id: string;
  product_id: string;
  /** The person: their 10-digit phone or lower-cased email; one waiting request per contact and watch. */
  contact: string;
  phone: string | null;
  email: string | null;
  user_id: string | null;
  /** When they agreed to one WhatsApp message about it; null: not, or taken back by STOP. */
  whatsapp_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<string, string | undefined, string>;
  created_at: string;
  /** Set once, with the message, in the transaction that brought the watch back. */
  notified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** whatsapp | mail | none */
  channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the request's number sent the request's code (whatsapp/proof-codes.ts); null: not proven. */
  whatsapp_proven_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time code in a "Get updates on WhatsApp" link, for one number (whatsapp/proof-codes.ts). */
export interface WhatsAppCodesTable {
  id: string;
  /** "4821-93" */
  code: string;
  /** 10 digits, the store's form: only a text from this number uses the code. */
  phone: string;
  user_id: string | null;
  request_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A number proven to be the shopper's: it sent us the code of this account or request. */
export interface WhatsAppProofsTable {
  id: string;
  phone: string;
  user_id: string | null;
  request_id: string | null;
  code_id: string;
  proven_at: string;
}

/**
 * The shopper's answer to a failed delivery (shipping/delivery-choices.ts, docs/decisions/035-failed-deliveries.md):
 * action 're-attempt' | 'return'; state waiting | sending | sent | refused.
 */
export interface DeliveryChoicesTable {
  order_id: string;
  awb: string;
  /** The shipment's failed attempts when the shopper chose: a later failure opens the choice again. */
  attempt: number;
  action: string;
  /** YYYY-MM-DD (India): the day the shopper asked for. */
  deferred_date: string | null;
  phone: string | null;
  landmark: string | null;
  chosen_at: string;
  state: ColumnType<string, string | undefined, string>;
  /** A sender's claim: nobody else sends before this time. */
  send_until: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'shopper' (sent by the store when chosen) or 'owner' (the owner's click). */
  sent_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The courier's refusal in its words, or why it could not be reached. */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}

/** Secrets the store makes itself (shipping/delivery-choice-link.ts). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A shopper's exchange or problem report on one delivered line (migration 0026; after-sales/). */
export interface AfterSalesRequestsTable {
  id: string;
  number: string;
  order_id: string;
  line_no: number;
  user_id: string;
  kind: string;
  problem: Optional<string>;
  reason: string;
  wanted_product_id: Optional<string>;
  wanted_name: Optional<string>;
  wanted_price: Optional<number>;
  photos: ColumnType<string, string | undefined, string>;
  /** `order_id:line_no` while open, null once ended: unique, one open request per line. */
  open_key: Optional<string>;
  state: string;
  owner_note: Optional<string>;
  decided_at: Optional<string>;
  decided_by: Optional<string>;
  return_method: Optional<string>;
  return_courier: Optional<string>;
  return_awb: Optional<string>;
  return_courier_order_id: Optional<string>;
  return_step: Optional<string>;
  return_scan_at: Optional<string>;
  check_passed: Optional<number>;
  check_note: Optional<string>;
  check_photos: ColumnType<string, string | undefined, string>;
  checked_at: Optional<string>;
  replacement_order_id: Optional<string>;
  created_at: string;
  updated_at: string;
}

/** One shopper's number in the WhatsApp inbox (migration 0027; notifications/whatsapp/conversations/). */
export interface WhatsAppConversationsTable {
  /** 10 digits for an Indian number (the store's form), else the digits WhatsApp gives. */
  phone: string;
  /** WhatsApp's id of the number (digits with the country code): replies go to it. */
  wa_id: string;
  profile_name: Optional<string>;
  user_id: Optional<string>;
  created_at: string;
  last_at: string;
  /** Meta's time of the shopper's last message: the 24-hour window counts from it. */
  last_inbound_at: Optional<string>;
  /** The oldest of the shopper's messages not answered yet; null when none waits. */
  waiting_since: Optional<string>;
  unread: ColumnType<number, number | undefined, number>;
  replying_admin: Optional<string>;
  replying_at: Optional<string>;
  done_at: Optional<string>;
  done_by: Optional<string>;
  /** The waiting_since the owner's summary told of (one summary per wait). */
  alerted_for: Optional<string>;
}

/** A message (in, out) or an event in a conversation (migration 0027). */
export interface WhatsAppMessagesTable {
  id: string;
  phone: string;
  wa_message_id: Optional<string>;
  /** in | out | event */
  direction: string;
  /** text | image | audio | document | location | contacts | reaction | button | sticker | video | unsupported | reply | template-reply */
  type: string;
  /** The text as written (never markup), a caption, or the words of an event. */
  body: string;
  /** JSON: what else the message carries (location, contacts, the reacted-to id, a file name). */
  details: Optional<string>;
  order_id: Optional<string>;
  outbox_id: Optional<string>;
  admin: Optional<string>;
  at: string;
  created_at: string;
  media_id: Optional<string>;
  /** pending | stored | refused */
  media_state: Optional<string>;
  media_key: Optional<string>;
  media_type: Optional<string>;
  media_size: Optional<number>;
  media_error: Optional<string>;
  media_attempts: ColumnType<number, number | undefined, number>;
  media_next_at: Optional<string>;
}

/** One request per delivered order (reviews/requests.ts; migration 0028). */
export interface ReviewRequestsTable {
  order_id: string;
  requested_at: string;
  reminded_at: string | null;
  /** A return or cancellation closed it: no reminder, no new review. */
  closed_at: string | null;
}

/** One review per order line (reviews/; docs/decisions/066-verified-reviews.md). */
export interface ReviewsTable {
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  user_id: string;
  stars: number;
  title: string;
  body: string;
  display_name: string;
  photos: ColumnType<string, string | undefined, string>; // JSON string[] of image ids
  has_photos: ColumnType<number, number | undefined, number>;
  /** pending | published | rejected */
  status: ColumnType<string, string | undefined, string>;
  reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  moderated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each review photo once in the shop: its image id is a hash of its pixels (media/store.ts). */
export interface ReviewPhotosTable {
  image_id: string;
  review_id: string;
}

export interface Database {
  products: ProductsTable;
  users: UsersTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  cod_rules: CodRulesTable;
  pincode_outcomes: PincodeOutcomesTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  product_views: ProductViewsTable;
  leads: LeadsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  login_addresses: LoginAddressesTable;
  site_content: SiteContentTable;
  counters: CountersTable;
  outbox: OutboxTable;
  complaints: ComplaintsTable;
  password_resets: PasswordResetsTable;
  whatsapp_outbox: WhatsAppOutboxTable;
  whatsapp_inbox: WhatsAppInboxTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  courier_jobs: CourierJobsTable;
  credit_notes: CreditNotesTable;
  statement_imports: StatementImportsTable;
  statement_lines: StatementLinesTable;
  statement_layouts: StatementLayoutsTable;
  remittance_lines: RemittanceLinesTable;
  back_in_stock_requests: BackInStockRequestsTable;
  whatsapp_codes: WhatsAppCodesTable;
  whatsapp_proofs: WhatsAppProofsTable;
  delivery_choices: DeliveryChoicesTable;
  app_secrets: AppSecretsTable;
  settlements: SettlementsTable;
  after_sales_requests: AfterSalesRequestsTable;
  whatsapp_conversations: WhatsAppConversationsTable;
  whatsapp_messages: WhatsAppMessagesTable;
  review_requests: ReviewRequestsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
}

export type Db = Kysely<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type AdminRow = Selectable<AdminsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type WhatsAppOutboxRow = Selectable<WhatsAppOutboxTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type CourierJobRow = Selectable<CourierJobsTable>;
export type DeliveryChoiceRow = Selectable<DeliveryChoicesTable>;
