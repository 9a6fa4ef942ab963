/**
 * Row types of every table. Conventions that keep SQLite and PostgreSQL alike:
 * ids are app-generated text, booleans are 0/1 integers, times are ISO-8601 UTC
 * text (sortable as strings), lists are JSON text, money is whole rupees.
 */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

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
}

export interface CartItemsTable {
  user_id: string;
  product_id: string;
  quantity: number;
  added_at: string;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  user_phone: string;
  address: string;
  status: string;
  total_mrp: number;
  total: number;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
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
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  status: string;
  admin_id: string | null;
  created_at: string;
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

export interface LoginAttemptsTable {
  key: string;
  attempted_at: string;
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
  login_attempts: LoginAttemptsTable;
  site_content: SiteContentTable;
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
