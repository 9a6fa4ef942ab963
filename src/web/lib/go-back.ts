import type { NavigateFunction } from './router/index.ts';

/**
 * "Go back one step" (docs/product.md#states-and-transitions) without leaving the shop: back when the previous
 * entry is ours (an in-app step, or a page of this site that linked here),
 * otherwise to `fallback`.
 */
export function goBack(navigate: NavigateFunction, fallback = '/'): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  let fromHere = false;
  try {
    fromHere = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    fromHere = false;
  }
  if (idx > 0 || (fromHere && window.history.length > 1)) void navigate(-1);
  else void navigate(fallback, { replace: true });
}
