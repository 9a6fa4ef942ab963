/**
 * A product picture: WebP in several widths (srcset), width and height so the
 * layout never jumps. The page's main (LCP) picture loads first (eager, high
 * priority); every other one has its address in the server's HTML too (so it shows
 * without JavaScript and the HTML is valid) but loads lazily at low priority: the
 * browser fetches it once laid out near the screen, after the picture that paints first.
 */
import { type ImageWidth, imageSrcSet, imageUrl } from '../../../common/media.ts';

export function ProductImage({
  id,
  alt,
  sizes,
  priority = false,
  width = 480,
  height = 480,
  widths,
  className,
}: {
  id: string | undefined;
  alt: string;
  /** Candidates and sizes, as in src/common/picture-slots.ts for the pictures the server preloads. */
  sizes: string;
  widths: readonly ImageWidth[];
  /** The largest picture above the fold: loaded first, never lazily. */
  priority?: boolean;
  width?: number;
  height?: number;
  className?: string;
}) {
  if (!id) {
    return (
      <div className={`product-image-missing ${className ?? ''}`} role="img" aria-label={`${alt} (no picture yet)`}>
        <span aria-hidden="true">◷</span>
      </div>
    );
  }
  return (
    <img
      className={className}
      src={imageUrl(id, widths.includes(480) ? 480 : (widths[0] ?? 480))}
      srcSet={imageSrcSet(id, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'low'}
    />
  );
}
