/**
 * A product picture: WebP in several widths (srcset), width and height so the
 * layout never jumps, lazy unless it is the page's main (LCP) picture.
 */
import { IMAGE_WIDTHS, type ImageWidth, imageSrcSet, imageUrl } from '../../../common/media.ts';

export function ProductImage({
  id,
  alt,
  sizes,
  priority = false,
  width = 480,
  height = 480,
  widths = IMAGE_WIDTHS.slice(0, 3),
  className,
}: {
  id: string | undefined;
  alt: string;
  sizes: string;
  /** The largest picture above the fold: loaded first, never lazily. */
  priority?: boolean;
  width?: number;
  height?: number;
  widths?: readonly ImageWidth[];
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
      src={imageUrl(id, 480)}
      srcSet={imageSrcSet(id, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
