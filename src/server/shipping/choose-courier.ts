/**
 * Which courier the store talks to (docs/product.md#shipping): a function of the settings alone, read
 * once at start. Without a courier's settings, the manual courier: the store works with no set-up.
 */
import type { Config } from '../config.ts';
import type { Courier } from './courier.ts';
import { manualCourier } from './manual-courier.ts';
import { ShiprocketClient } from './shiprocket/client.ts';
import { ShiprocketCourier } from './shiprocket/shiprocket-courier.ts';

export function chooseCourier(config: Config): Courier {
  // Shiprocket's API when its API user is set (docs/deploy.md#connecting-shiprocket).
  if (config.shiprocket) {
    return new ShiprocketCourier(new ShiprocketClient(config.shiprocket), config.shiprocket, config.shop.email);
  }
  return manualCourier;
}
