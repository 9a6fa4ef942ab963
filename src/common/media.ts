/**
 * Product images are stored once per content hash, as WebP in these widths
 * (README.md#configuration, docs/decisions/004-demo-images.md). The storefront builds `src`/`srcset` from an image id.
 */
export const IMAGE_WIDTHS = [240, 480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image id is the hex SHA-256 prefix of the original file's pixels. */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

/** Where a width of an image is kept, in the store's folder or bucket and under S3_PUBLIC_URL. */
export function imageObjectKey(id: string, width: number): string {
  return `${id.slice(0, 2)}/${id}/${width}.webp`;
}

/** S3_PUBLIC_URL: pages link pictures straight at the bucket or CDN; null for the app's own /media. */
let imageBase: string | null = null;

/**
 * Set once at start: by the server from its configuration (for every app in the
 * process: there is one configuration per process), by the browser from the page's site config.
 */
export function setImageBase(base: string | null | undefined): void {
  imageBase = base ? base.replace(/\/+$/, '') : null;
}

export function imageUrl(id: string, width: ImageWidth = 480): string {
  return imageBase ? `${imageBase}/${imageObjectKey(id, width)}` : `/media/${id}/${width}.webp`;
}

export function imageSrcSet(id: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${imageUrl(id, w)} ${w}w`).join(', ');
}
