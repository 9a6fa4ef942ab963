/** Cut text to `max` characters, adding an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Cart rows (docs/product.md#cart): names over 50 characters are cut to 20 plus an ellipsis;
 * shorter names are shown whole.
 */
export function cartRowName(name: string): string {
  return name.length > 50 ? `${name.slice(0, 20)}…` : name;
}
