/**
 * A courier provider (docs/product.md#shipping; docs/decisions/053-a-courier-is-a-provider.md): one
 * folder under couriers/ per courier, listed once in registry.ts. A provider owns everything that
 * is about its courier: its id and title (on the Courier it makes, ../courier.ts), its settings
 * (read and checked from the environment here, not in config.ts), their rows of the README's
 * configuration table, its API client, its webhook's payload and its fake for tests. The rest of
 * the store asks the Courier what it can do, never which one it is.
 */
import type { z } from 'zod';
import type { Courier } from '../courier.ts';

/** The environment as the process got it. */
export type EnvSource = Record<string, string | undefined>;

/** The shop's own details a courier's settings may fall back on (checked by config.ts first). */
export interface ShopDetails {
  email: string;
  address: string;
}

/** One row of the README's configuration table: `| variables | default | meaning |`. */
export interface SettingDoc {
  variables: readonly string[];
  default: string;
  meaning: string;
}

/** A courier set up from the environment: made once per app (shipping/plugin.ts). */
export interface CourierSetup {
  readonly id: string;
  create(): Courier;
}

/** A bad variable, in the words config.ts prints beside the name. */
export interface SettingIssue {
  variable: string;
  message: string;
}

export type SettingsReading = { ok: true; setup: CourierSetup | null } | { ok: false; issues: SettingIssue[] };

export interface CourierProvider {
  /** The id its couriers keep on each shipment. */
  readonly id: string;
  /** Its rows of the README's configuration table (registry.test.ts checks the README lists them). */
  readonly settingsDocs: readonly SettingDoc[];
  /**
   * Reads and checks its settings. `setup` null: its settings are absent (another courier, or the
   * manual one, serves). Issues: a variable set badly, which stops the server with the rest.
   */
  readSettings(source: EnvSource, shop: ShopDetails): SettingsReading;
}

/**
 * The usual way to read settings: a zod object of the provider's variables (their messages are
 * the config's), checks of the ones that go together, then the setup from the parsed values.
 */
export function readWith<S extends z.ZodObject>(
  schema: S,
  check: (env: z.output<S>, issue: (variable: keyof z.output<S> & string, message: string) => void) => void,
  setUp: (env: z.output<S>) => CourierSetup | null,
): (source: EnvSource) => SettingsReading {
  return (source) => {
    const parsed = schema.safeParse(source);
    if (!parsed.success) {
      return {
        ok: false,
        issues: parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })),
      };
    }
    const issues: SettingIssue[] = [];
    check(parsed.data, (variable, message) => issues.push({ variable, message }));
    return issues.length > 0 ? { ok: false, issues } : { ok: true, setup: setUp(parsed.data) };
  };
}
