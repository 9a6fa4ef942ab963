/**
 * The courier providers (registry.ts): each one's README rows come from the provider, its settings
 * are read and checked by the provider with the config's messages, and no code outside a courier's
 * folder asks which courier it is (docs/decisions/053-a-courier-is-a-provider.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { SettingDoc } from './provider.ts';
import { COURIER_PROVIDERS } from './registry.ts';

const ROOT = join(import.meta.dirname, '../../../..');

/** The README's row for a provider's setting, as the configuration table writes it. */
function readmeRow(doc: SettingDoc): string {
  return `| ${doc.variables.map((v) => `\`${v}\``).join(', ')} | ${doc.default} | ${doc.meaning} |`;
}

/** Source files under `dir` (tests and the couriers' own folders left out by the caller). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

describe('courier providers', () => {
  it('the README lists every provider’s settings, row for row as the provider documents them', () => {
    const table = readFileSync(join(ROOT, 'README.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| `'));
    for (const provider of COURIER_PROVIDERS) {
      for (const doc of provider.settingsDocs) expect(table, provider.id).toContain(readmeRow(doc));
    }
  });

  it('no code outside a courier’s folder compares a courier’s id, on the server or in the browser', () => {
    const found: string[] = [];
    for (const file of [...sources('src/server'), ...sources('src/web'), ...sources('src/common')]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const { id } of COURIER_PROVIDERS) {
        if (file.startsWith(join('src/server/shipping/couriers', id))) continue;
        const quoted = `['"\`]${id}['"\`]`;
        if (new RegExp(`[=!]==?\\s*${quoted}|${quoted}\\s*[=!]==?|case\\s+${quoted}`).test(text))
          found.push(`${relative(ROOT, join(ROOT, file))}: ${id}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the manual courier serves with no settings; Shiprocket’s API user chooses Shiprocket', () => {
    expect(loadConfig({}).courier.create().booking).toBeUndefined();
    const shiprocket = loadConfig({
      SHIPROCKET_EMAIL: 'api@example.in',
      SHIPROCKET_PASSWORD: 'secret',
    }).courier.create();
    expect(shiprocket.title).toBe('Shiprocket');
    expect(shiprocket.booking).toBeDefined();
    expect(shiprocket.webhook).toBeUndefined();
  });

  it('Shiprocket’s settings stop the server in the config’s words, beside the other bad variables', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };
    expect(bad({ SHIPROCKET_EMAIL: 'api@example.in', PORT: 'eighty' })).toMatch(
      /PORT: .*\n {2}SHIPROCKET_PASSWORD: must be set together with the other/,
    );
    expect(bad({ SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toContain(
      'SHIPROCKET_WEBHOOK_TOKEN: must be at least 16 characters',
    );
    expect(bad({ SHIPROCKET_PICKUP_LOCATION: 'Warehouse' })).toContain(
      'SHIPROCKET_PICKUP_LOCATION: is used only with SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD',
    );
    expect(
      bad({
        SHIPROCKET_EMAIL: 'api@example.in',
        SHIPROCKET_PASSWORD: 'secret',
        SHOP_ADDRESS: 'Crawford Market, Mumbai',
      }),
    ).toContain('SHIPROCKET_PICKUP_PINCODE: must be set: SHOP_ADDRESS has no 6-digit pincode to ship from');
  });
});
