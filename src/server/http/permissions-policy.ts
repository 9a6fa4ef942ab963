/**
 * The Permissions-Policy every answer carries (security.ts; errors.ts for the answers
 * Fastify's router makes before any hook runs): the browser features no page of the shop
 * uses, turned off for it and for every frame it embeds, so that a script, should one ever
 * be injected, can ask for none of them (docs/product.md#roles-and-permissions). Left at the
 * browser's defaults: fullscreen, picture-in-picture and encrypted-media, which the product
 * page's video players are given (video.tsx's `allow`), and clipboard-write, which the
 * admin's "copy link" uses on our own origin. Only features Chromium knows are named: it
 * warns in the console about any other (such as "bluetooth").
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');
