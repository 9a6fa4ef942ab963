/** Shiprocket's settings (settings.ts): every variable it reads is named in its README row. */
import { describe, expect, it } from 'vitest';
import { SHIPROCKET_SETTINGS_DOCS, shiprocketEnvSchema } from './settings.ts';

describe('Shiprocket’s settings', () => {
  it('documents every variable it reads', () => {
    const documented = SHIPROCKET_SETTINGS_DOCS.map((d) => `${d.variables.join(' ')} ${d.meaning}`).join(' ');
    for (const name of Object.keys(shiprocketEnvSchema.shape)) expect(documented).toContain(`${name}`);
  });
});
