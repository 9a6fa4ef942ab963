/**
 * Business constants and limits, docs/product.md#limits-and-constants. One place for every number the
 * screens and the server share; change a limit here and both sides follow.
 */
export const PAGE_SIZE = 40;
export const HOME_LATEST = 4;
/** Customer pictures on the home page: the newest published photo reviews, one a watch. */
export const HOME_REVIEWS = 6;
export const EXPLORE_LATEST = 8;
export const RELATED_LIMIT = 8;
export const TOP_VIEWED_LIMIT = 10;

export const LOADER_HIDE_MS = 5000;
export const MESSAGE_MS = 3000;
export const LOADER_HIDE_DELAY_MS = 1000;
export const SEARCH_DELAY_MS = 1000;

export const MAX_IMAGES = 10;
export const CART_QTY_MIN = 1;
export const CART_QTY_MAX = 10;
/** At most this many different watches in one cart or order. */
export const MAX_CART_LINES = 50;

export const PHONE_LENGTH = 10;
export const NAME_MIN = 2;
export const ADDRESS_MIN = 10;
export const PASSWORD_MIN = 8;

/** Cards cut names and descriptions at these lengths (docs/product.md#limits-and-constants). */
export const TRUNCATE = {
  cardName: { narrow: 15, wide: 50 },
  compactName: { narrow: 20, wide: 50 },
  description: { narrow: 53, wide: 90 },
} as const;
/** Width (px) under which the narrow lengths apply. */
export const NARROW_MAX_WIDTH = 800;

/**
 * The cash-on-delivery advance when COD_ADVANCE is unset, in rupees (docs/product.md#the-advance).
 * Only the server's settings read it: screens read the shop's setting (site().codAdvance) and an
 * order's figures its own stored advance (common/advance.ts).
 */
export const DEFAULT_COD_ADVANCE = 300;

/** Open unpaid orders one shopper may hold when UNPAID_ORDERS_MAX is unset (docs/product.md#unpaid-orders). */
export const DEFAULT_UNPAID_ORDERS_MAX = 3;

/** Shop policy figures (docs/product.md#better-13): the policy pages read these, never literals. */
export const POLICY = {
  exchangeWindowHours: 24,
  returnWindowDays: 5,
  refundBusinessDays: '5-10',
  childAgeThreshold: 13,
} as const;

/** Estimated delivery: order date plus 3 to plus 9 days (docs/product.md#limits-and-constants). */
export const DELIVERY_DAYS = { min: 3, max: 9 } as const;

/**
 * Of DELIVERY_DAYS, the days the shop takes to pack and hand the parcel over (the rest is the
 * courier's), as search engines ask the two apart in a product's shippingDetails.
 */
export const HANDLING_DAYS = 1;

/** A counted watch with this many or fewer left is flagged as low stock to the owner. */
export const LOW_STOCK = 3;
