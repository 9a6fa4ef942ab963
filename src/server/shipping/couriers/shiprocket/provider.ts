/**
 * Shiprocket as a courier provider (../provider.ts; docs/deploy.md#connecting-shiprocket): chosen
 * when its API user is set (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD).
 */
import { type CourierProvider, readWith } from '../provider.ts';
import { ShiprocketClient } from './client.ts';
import { checkShiprocketEnv, SHIPROCKET_SETTINGS_DOCS, shiprocketEnvSchema, shiprocketSettings } from './settings.ts';
import { SHIPROCKET_ID, ShiprocketCourier } from './shiprocket-courier.ts';

export const shiprocketProvider: CourierProvider = {
  id: SHIPROCKET_ID,
  settingsDocs: SHIPROCKET_SETTINGS_DOCS,
  readSettings: (source, shop) =>
    readWith(
      shiprocketEnvSchema,
      (env, issue) => checkShiprocketEnv({ ...env, SHOP_ADDRESS: shop.address }, issue),
      (env) => {
        const settings = shiprocketSettings({ ...env, SHOP_ADDRESS: shop.address });
        if (!settings) return null;
        return {
          id: SHIPROCKET_ID,
          create: () => new ShiprocketCourier(new ShiprocketClient(settings), settings, shop.email),
        };
      },
    )(source),
};
