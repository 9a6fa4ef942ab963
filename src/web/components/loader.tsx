/**
 * The loader overlay (docs/product.md#listing, #states-and-transitions). Callers decide when it shows; it never traps
 * the page: it is announced politely and disappears with `active`.
 */
export function LoaderOverlay({ active, label = 'Loading…' }: { active: boolean; label?: string }) {
  if (!active) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite">
      <span className="loader-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
