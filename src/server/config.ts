/**
 * Configuration from the environment, parsed with zod at start. A bad value stops
 * the server with one message naming every bad variable.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { UPI_ID_PATTERN } from '../common/advance.ts';
import { isCommonPassword } from '../common/common-passwords.ts';
import { DEFAULT_COD_ADVANCE, DEFAULT_UNPAID_ORDERS_MAX } from '../common/constants.ts';
import { gstinProblem } from '../common/gstin.ts';
import { NO_PAY_IN_FULL_DISCOUNT, type PayInFullDiscount, parsePayInFullDiscount } from '../common/pay-in-full.ts';
import { DEMO_SHOP } from '../common/site.ts';
import { checkS3Env, type S3Settings, s3Settings } from './media/storage/s3-settings.ts';
import {
  checkWhatsAppEnv,
  ownerWhatsApp,
  type WhatsAppSettings,
  whatsappEnvSchema,
  whatsappSettings,
} from './notifications/whatsapp/settings.ts';
import type { CourierSetup } from './shipping/couriers/provider.ts';
import { readCourierSettings } from './shipping/couriers/registry.ts';

/**
 * Sign-ups one address may make in 15 minutes, by default: each costs a password hash, and
 * each refusal says whether a number is registered (docs/decisions/007-security.md).
 */
export const SIGNUPS_PER_ADDRESS = 30;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const phone = z.string().regex(/^\+?[0-9]{10,13}$/, 'must be a phone number of 10 to 13 digits');

/** A whole positive number of grams or centimetres, with its default. */
const parcelMeasure = (unit: string, fallback: number, max: number) =>
  z.coerce
    .number(`must be a whole number of ${unit} such as ${fallback}`)
    .int(`must be a whole number of ${unit} such as ${fallback}`)
    .min(1, `must be at least 1 ${unit.replace(/s$/, '')}`)
    .max(max, `must be at most ${max} ${unit}`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number('must be a number').int().min(0).max(65535, 'must be a port number').default(3000),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, 'must start with postgres:// (or be unset for SQLite)')
    .optional(),
  // Connections each process keeps to PostgreSQL; unset: twice this machine's cores (decision 074).
  DATABASE_POOL_SIZE: z.coerce
    .number('must be a whole number such as 4')
    .int('must be a whole number such as 4')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').max(64).default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .max(128)
    .refine((p) => !isCommonPassword(p), 'is one of the most common passwords: choose another')
    .optional(),
  SHOP_NAME: z.string().trim().min(1).max(60).default(DEMO_SHOP.name),
  SHOP_PHONE: phone.default(DEMO_SHOP.phone),
  SHOP_WHATSAPP: phone.default(DEMO_SHOP.whatsapp),
  SHOP_EMAIL: z.string().email('must be an email address').default(DEMO_SHOP.email),
  SHOP_ADDRESS: z.string().trim().min(1).default(DEMO_SHOP.address),
  // The name the business is registered under (invoices, /contact); the shop name when unset.
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(120).optional(),
  // The grievance officer the E-Commerce Rules 2020 (rule 4(4)) ask a shop to name (docs/product.md#contact).
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(100).default(DEMO_SHOP.grievanceOfficer.name),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(100).default(DEMO_SHOP.grievanceOfficer.designation),
  GRIEVANCE_OFFICER_PHONE: phone.default(DEMO_SHOP.grievanceOfficer.phone),
  GRIEVANCE_OFFICER_EMAIL: z.string().email('must be an email address').default(DEMO_SHOP.grievanceOfficer.email),
  SHOP_ORDER_PREFIX: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{0,9}$/, 'must be 1 to 10 capital letters or digits, starting with a letter')
    .default('TSW'),
  // GST invoices (docs/product.md#invoice): without a GSTIN the shop prints receipts without tax lines.
  SHOP_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  GST_RATE_PERCENT: z.coerce
    .number('must be a number such as 18')
    .min(0, 'must be 0 to 100')
    .max(100, 'must be 0 to 100')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'must have at most two decimals, such as 2.5')
    .default(18),
  // Invoice numbers read PREFIX/25-26/000123, at most 16 characters (CGST Rule 46(b)).
  SHOP_INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{0,2}$/, 'must be 1 to 3 capital letters or digits, starting with a letter')
    .optional(),
  // The cash-on-delivery advance in whole rupees (docs/product.md#the-advance); 0: no advance step.
  // Each order keeps the amount it was placed with (orders.advance_amount).
  COD_ADVANCE: z.coerce
    .number('must be a whole number of rupees such as 300')
    .int('must be a whole number of rupees such as 300')
    .min(0, 'must be 0 (no advance) or more')
    .max(100_000, 'must be at most 100000 rupees')
    .default(DEFAULT_COD_ADVANCE),
  // Pay in full now (docs/product.md "Pay in full"): the discount for paying the whole order by UPI,
  // whole rupees ("100") or a percent ("5%", at most 50%); 0: no discount, the offer stays.
  PAY_IN_FULL_DISCOUNT: z
    .string()
    .default('0')
    .transform((v, ctx) => {
      const parsed = parsePayInFullDiscount(v);
      if (!parsed)
        ctx.addIssue({ code: 'custom', message: 'must be whole rupees such as 100, or a percent such as 5%' });
      return parsed ?? NO_PAY_IN_FULL_DISCOUNT;
    }),
  // Hours an order may wait for its advance before it expires and its stock returns (docs/product.md#the-advance).
  UNPAID_ORDER_HOURS: z.coerce
    .number('must be a number of hours such as 48')
    .min(1, 'must be at least 1 hour')
    .max(24 * 60, 'must be at most 1440 hours (60 days)')
    .default(48),
  // Hours past UNPAID_ORDER_HOURS the owner has to find a UPI reference a shopper sent before the order
  // expires anyway (docs/product.md#unpaid-orders): a made-up reference must not hold stock for ever.
  UNPAID_UTR_GRACE_HOURS: z.coerce
    .number('must be a number of hours such as 24')
    .min(0, 'must be 0 or more hours')
    .max(24 * 30, 'must be at most 720 hours (30 days)')
    .default(24),
  // Days a review's writer may change it after first writing it (docs/product.md#reviews); never the shop.
  REVIEW_EDIT_DAYS: z.coerce
    .number('must be a whole number of days such as 30')
    .int('must be a whole number of days such as 30')
    .min(0, 'must be 0 or more days')
    .max(365, 'must be at most 365 days')
    .default(30),
  // Open unpaid orders one shopper may hold (docs/product.md#unpaid-orders); tests of load raise it.
  UNPAID_ORDERS_MAX: z.coerce
    .number('must be a whole number such as 3')
    .int('must be a whole number such as 3')
    .min(1, 'must be at least 1')
    .max(1_000_000)
    .default(DEFAULT_UNPAID_ORDERS_MAX),
  // What the courier charges the shopper for each way of an exchange (docs/product.md#after-sales):
  // the policy says the shopper pays both ways; shown before an exchange is asked and collected with it.
  EXCHANGE_COURIER_CHARGE: z.coerce
    .number('must be a whole number of rupees such as 100')
    .int('must be a whole number of rupees such as 100')
    .min(0, 'must be 0 or more rupees')
    .max(10_000, 'must be at most 10000 rupees')
    .default(100),
  // The parcel of a watch whose product names no weight or size (docs/product.md#shipping): what a
  // courier's booking and rate need. A boxed watch in a padded mailer.
  PARCEL_DEFAULT_GRAMS: parcelMeasure('grams', 400, 30_000),
  PARCEL_DEFAULT_LENGTH_CM: parcelMeasure('centimetres', 16, 150),
  PARCEL_DEFAULT_BREADTH_CM: parcelMeasure('centimetres', 12, 150),
  PARCEL_DEFAULT_HEIGHT_CM: parcelMeasure('centimetres', 10, 150),
  SHOP_UPI_ID: z.string().trim().regex(UPI_ID_PATTERN, 'must be a UPI id such as shopname@okhdfcbank').optional(),
  SHOP_UPI_NAME: z.string().trim().min(1).max(60).optional(),
  OWNER_EMAIL: z.string().email('must be an email address').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an SMTP URL such as smtp://user:pass@host:587')
    .optional(),
  PUBLIC_URL: z
    .string()
    .url('must be a full URL such as https://shop.example.in')
    .refine(isOrigin, 'must be the shop’s address alone, such as https://shop.example.in (no path)')
    .optional(),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PRODUCTS: z.coerce.number('must be a number').int().min(0).max(1_000_000).default(120),
  SIGNUPS_PER_ADDRESS: z.coerce.number('must be a number').int().min(1).max(100_000).default(SIGNUPS_PER_ADDRESS),
  // Pictures in an S3-compatible bucket (docs/decisions/018-object-storage.md); local disk when S3_BUCKET is unset.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_ENDPOINT: z.string().url('must be a URL such as https://s3.example.com').optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PUBLIC_URL: z.string().url('must be a URL such as https://pictures.example.in').optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as ap-south-1')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  // WhatsApp's Cloud API beside email (docs/whatsapp.md); every message goes by email when unset.
  ...whatsappEnvSchema,
  // The reverse proxy whose X-Forwarded-For/-Proto/-Host are believed (docs/deploy.md).
  TRUST_PROXY: z
    .string()
    .regex(
      /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?))*$/i,
      "must be the proxy's addresses or networks, comma-separated (such as 127.0.0.1 or 10.0.0.0/8)",
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  sqlitePath: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections of this process (db/database.ts poolSizeFor). */
  databasePoolSize: number | undefined;
  admin: { username: string; password: string | undefined };
  shop: { name: string; phone: string; whatsapp: string; email: string; address: string; legalName: string };
  /** Named on /contact, the footer and the policy pages (docs/product.md#contact). */
  grievanceOfficer: { name: string; designation: string; phone: string; email: string };
  /** Order numbers are PREFIX-NNNNN. */
  orderPrefix: string;
  /** GST invoices: the shop's GSTIN (none: receipts), the rate in basis points and the series' prefix. */
  invoice: { gstin: string | undefined; rateBp: number; prefix: string };
  /** The advance (rupees) a new cash-on-delivery order asks for; 0: none. Orders keep their own. */
  codAdvance: number;
  /** The discount for paying a whole order by UPI now (PAY_IN_FULL_DISCOUNT; common/pay-in-full.ts). */
  payInFull: PayInFullDiscount;
  /** Hours an unpaid order waits for its advance before it expires (orders/unpaid.ts). */
  unpaidOrderHours: number;
  /** Hours after unpaidOrderHours within which a sent UPI reference must be found (orders/unpaid.ts). */
  unpaidUtrGraceHours: number;
  /** Open unpaid orders one shopper may hold before a new order is refused. */
  unpaidOrdersMax: number;
  /** Rupees the shopper pays the courier for each way of an exchange (after-sales/). */
  exchangeCourierCharge: number;
  /** Days a review's writer may change it (reviews/writing.ts). */
  reviewEditDays: number;
  /** A parcel's weight (grams) and box (cm) when its products name none (docs/product.md#shipping). */
  parcel: { grams: number; lengthCm: number; breadthCm: number; heightCm: number };
  /** The merchant UPI id the advance is paid to; without it shoppers are offered WhatsApp. */
  upi: { id: string; name: string } | undefined;
  /** Who hears of new orders and submitted advances. */
  ownerEmail: string;
  /** Mail goes out through this server; without it messages wait in the outbox (listed on the dashboard). */
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  /** Secure cookies (and the __Host- prefix) and HSTS: on when PUBLIC_URL is https (required in production). */
  cookieSecure: boolean;
  logLevel: Env['LOG_LEVEL'];
  seedProducts: number;
  /** Sign-ups one address may make in 15 minutes (docs/decisions/007-security.md). */
  signupsPerAddress: number;
  /** The picture bucket; pictures are files under uploadsDir when undefined. */
  s3: S3Settings | undefined;
  /** Addresses whose X-Forwarded-* headers are believed; in production loopback when undefined. */
  trustProxy: string | undefined;
  /**
   * The courier the store books with, read and checked by its provider (shipping/couriers/registry.ts):
   * Shiprocket when its settings are set, else the manual courier (docs/product.md#shipping).
   */
  courier: CourierSetup;
  /** WhatsApp's Cloud API (docs/whatsapp.md); undefined: every message goes by email, as before. */
  whatsapp: WhatsAppSettings | undefined;
  /** The owner's WhatsApp number in E.164, when set (needs `whatsapp`). */
  ownerWhatsapp: string | undefined;
}

export class ConfigError extends Error {}

function isOrigin(url: string): boolean {
  if (!URL.canParse(url)) return true; // .url() has said so already
  const u = new URL(url);
  return (u.protocol === 'https:' || u.protocol === 'http:') && u.pathname === '/' && !u.search && !u.hash;
}

/**
 * Production needs PUBLIC_URL: links in pages, robots.txt and the sitemap (all
 * cacheable) must never take their host from a request header
 * (docs/decisions/007-security.md, "Safe defaults"). An https shop always gets
 * Secure cookies.
 */
function checkPublicUrlEnv(e: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'COOKIE_SECURE'>, ctx: z.RefinementCtx): void {
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'is required in production: the address shoppers use, such as https://shop.example.in (links in pages, robots.txt and the sitemap are built from it, never from the request)',
    });
  }
  if (e.PUBLIC_URL?.startsWith('https:') && e.COOKIE_SECURE === false) {
    ctx.addIssue({
      code: 'custom',
      path: ['COOKIE_SECURE'],
      message: 'cannot be false when PUBLIC_URL is https: browsers must never send the session cookie over plain http',
    });
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine(checkS3Env)
    .superRefine(checkPublicUrlEnv)
    .superRefine(checkWhatsAppEnv)
    .safeParse(source);
  // The courier's settings are its provider's to read; the shop's details it may fall back on are ours.
  const shop = envSchema.pick({ SHOP_EMAIL: true, SHOP_ADDRESS: true }).safeParse(source);
  const courier = readCourierSettings(source, {
    email: shop.data?.SHOP_EMAIL ?? '',
    address: shop.data?.SHOP_ADDRESS ?? '',
  });
  if (!parsed.success || courier.issues.length > 0) {
    const lines = [
      ...(parsed.error?.issues ?? []).map((i) => `  ${i.path.join('.')}: ${i.message}`),
      ...courier.issues.map((i) => `  ${i.variable}: ${i.message}`),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const fileUrl = e.DATABASE_URL?.match(/^(?:file:|sqlite:)(.+)$/)?.[1];
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    sqlitePath: fileUrl ? resolve(fileUrl) : resolve(dataDir, 'store.sqlite'),
    uploadsDir: resolve(dataDir, 'uploads'),
    databaseUrl: fileUrl ? undefined : e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      whatsapp: e.SHOP_WHATSAPP,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
      legalName: e.SHOP_LEGAL_NAME ?? e.SHOP_NAME,
    },
    grievanceOfficer: {
      name: e.GRIEVANCE_OFFICER_NAME,
      designation: e.GRIEVANCE_OFFICER_DESIGNATION,
      phone: e.GRIEVANCE_OFFICER_PHONE,
      email: e.GRIEVANCE_OFFICER_EMAIL,
    },
    orderPrefix: e.SHOP_ORDER_PREFIX,
    invoice: {
      gstin: e.SHOP_GSTIN,
      rateBp: Math.round(e.GST_RATE_PERCENT * 100),
      prefix: e.SHOP_INVOICE_PREFIX ?? e.SHOP_ORDER_PREFIX.slice(0, 3),
    },
    codAdvance: e.COD_ADVANCE,
    payInFull: e.PAY_IN_FULL_DISCOUNT,
    unpaidOrderHours: e.UNPAID_ORDER_HOURS,
    unpaidUtrGraceHours: e.UNPAID_UTR_GRACE_HOURS,
    unpaidOrdersMax: e.UNPAID_ORDERS_MAX,
    exchangeCourierCharge: e.EXCHANGE_COURIER_CHARGE,
    reviewEditDays: e.REVIEW_EDIT_DAYS,
    parcel: {
      grams: e.PARCEL_DEFAULT_GRAMS,
      lengthCm: e.PARCEL_DEFAULT_LENGTH_CM,
      breadthCm: e.PARCEL_DEFAULT_BREADTH_CM,
      heightCm: e.PARCEL_DEFAULT_HEIGHT_CM,
    },
    upi: e.SHOP_UPI_ID ? { id: e.SHOP_UPI_ID, name: e.SHOP_UPI_NAME ?? e.SHOP_NAME } : undefined,
    ownerEmail: e.OWNER_EMAIL ?? e.SHOP_EMAIL,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    cookieSecure: e.COOKIE_SECURE ?? (e.PUBLIC_URL ? e.PUBLIC_URL.startsWith('https:') : e.NODE_ENV === 'production'),
    logLevel: e.LOG_LEVEL,
    seedProducts: e.SEED_PRODUCTS,
    signupsPerAddress: e.SIGNUPS_PER_ADDRESS,
    s3: s3Settings(e),
    trustProxy: e.TRUST_PROXY,
    courier: courier.setup,
    whatsapp: whatsappSettings(e, e.SHOP_WHATSAPP),
    ownerWhatsapp: ownerWhatsApp(e),
  };
}

/**
 * The shop's address at the start of every link sent away (mail, WhatsApp, a PDF): PUBLIC_URL, or
 * this machine's port when none is set (a local run).
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
