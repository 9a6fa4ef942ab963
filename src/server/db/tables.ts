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
}

export interface CartItemsTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
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
   * The advance (rupees) the order was placed with: COD_ADVANCE at that moment, never changed after.
   * Every figure about the order (UPI link, balance, invoice, label, mails) reads it (common/advance.ts).
   */
  advance_amount: ColumnType<number, number, never>;
  /** The name the order was placed under; kept for the invoice if the account is erased. */
  buyer_name: ColumnType<string, string | undefined, string>;
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

export interface Database {
  products: ProductsTable;
  users: UsersTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
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
}

export type Db = Kysely<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type AdminRow = Selectable<AdminsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LeadRow = Selectable<LeadsTable>;
export type OutboxRow = Selectable<OutboxTable>;
