/**
 * The couriers the store knows (docs/decisions/053-a-courier-is-a-provider.md): one line each.
 * The first whose settings are set serves the store; the manual courier, last, needs none.
 */
import { manualProvider } from './manual/manual-courier.ts';
import type { CourierProvider, CourierSetup, EnvSource, SettingIssue, ShopDetails } from './provider.ts';
import { shiprocketProvider } from './shiprocket/provider.ts';

export const COURIER_PROVIDERS: readonly CourierProvider[] = [shiprocketProvider, manualProvider];

/**
 * Every provider's settings read and checked (a bad variable is reported whichever courier would
 * serve), and the courier that serves: the first set up.
 */
export function readCourierSettings(
  source: EnvSource,
  shop: ShopDetails,
): { setup: CourierSetup; issues: SettingIssue[] } {
  const issues: SettingIssue[] = [];
  let setup: CourierSetup | null = null;
  for (const provider of COURIER_PROVIDERS) {
    const reading = provider.readSettings(source, shop);
    if (!reading.ok) issues.push(...reading.issues);
    else setup ??= reading.setup;
  }
  if (!setup) throw new Error('No courier is set up: the manual courier, last in COURIER_PROVIDERS, always is');
  return { setup, issues };
}
