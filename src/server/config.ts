/**
 * Configuration from the environment, parsed with zod at start. A bad value stops
 * the server with one message naming every bad variable.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { UPI_ID_PATTERN } from '../common/advance.ts';
import { isCommonPassword } from '../common/common-passwords.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const phone = z.string().regex(/^\+?[0-9]{10,13}$/, 'must be a phone number of 10 to 13 digits');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number('must be a number').int().min(0).max(65535, 'must be a port number').default(3000),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, 'must start with postgres:// (or be unset for SQLite)')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(3, 'must be at least 3 characters').max(64).default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .max(128)
    .refine((p) => !isCommonPassword(p), 'is one of the most common passwords: choose another')
    .optional(),
  SHOP_NAME: z.string().trim().min(1).max(60).default('Time Square Watches'),
  SHOP_PHONE: phone.default('9876543210'),
  SHOP_WHATSAPP: phone.default('919876543210'),
  SHOP_EMAIL: z.string().email('must be an email address').default('support@timesquarewatches.in'),
  SHOP_ADDRESS: z.string().trim().min(1).default('Shop 12, Crawford Market, Mumbai - 400001, Maharashtra'),
  SHOP_ORDER_PREFIX: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{0,9}$/, 'must be 1 to 10 capital letters or digits, starting with a letter')
    .default('TSW'),
  SHOP_UPI_ID: z.string().trim().regex(UPI_ID_PATTERN, 'must be a UPI id such as shopname@okhdfcbank').optional(),
  SHOP_UPI_NAME: z.string().trim().min(1).max(60).optional(),
  OWNER_EMAIL: z.string().email('must be an email address').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an SMTP URL such as smtp://user:pass@host:587')
    .optional(),
  PUBLIC_URL: z.string().url('must be a full URL such as https://shop.example.in').optional(),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_PRODUCTS: z.coerce.number('must be a number').int().min(0).max(1_000_000).default(120),
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
  admin: { username: string; password: string | undefined };
  shop: { name: string; phone: string; whatsapp: string; email: string; address: string };
  /** Order numbers are PREFIX-NNNNN. */
  orderPrefix: string;
  /** The merchant UPI id the advance is paid to; without it shoppers are offered WhatsApp. */
  upi: { id: string; name: string } | undefined;
  /** Who hears of new orders and submitted advances. */
  ownerEmail: string;
  /** Mail goes out through this server; without it messages wait in the outbox (listed on the dashboard). */
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  /** Secure cookies (and the __Host- prefix): on in production unless turned off. */
  cookieSecure: boolean;
  logLevel: Env['LOG_LEVEL'];
  seedProducts: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
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
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      whatsapp: e.SHOP_WHATSAPP,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
    },
    orderPrefix: e.SHOP_ORDER_PREFIX,
    upi: e.SHOP_UPI_ID ? { id: e.SHOP_UPI_ID, name: e.SHOP_UPI_NAME ?? e.SHOP_NAME } : undefined,
    ownerEmail: e.OWNER_EMAIL ?? e.SHOP_EMAIL,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    seedProducts: e.SEED_PRODUCTS,
  };
}
