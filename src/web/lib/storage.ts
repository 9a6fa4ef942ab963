/**
 * Browser storage keys in one place, and reads/writes that never throw (private
 * mode and full storage must not break a page).
 */
export const STORAGE_KEYS = {
  search: 'search',
  visitorCart: 'cart',
  listingPage: 'listing-page',
  adminPage: 'admin-page',
  scrollPositions: 'scroll-positions',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
};
