/**
 * Product images are stored once per content hash, as WebP in these widths
 * (README.md#configuration, docs/decisions/004-demo-images.md). The storefront builds `src`/`srcset` from an image id.
 */
export const IMAGE_WIDTHS = [240, 480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image id is the hex SHA-256 prefix of the original file's pixels. */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

export function imageUrl(id: string, width: ImageWidth = 480): string {
  return `/media/${id}/${width}.webp`;
}

export function imageSrcSet(id: string, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((w) => `${imageUrl(id, w)} ${w}w`).join(', ');
}
