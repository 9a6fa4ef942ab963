/**
 * A product picture: WebP in several widths (srcset), width and height so the
 * layout never jumps, lazy unless it is the page's main (LCP) picture. Other
 * pictures get their address only after the first paint (use-after-first-paint.ts);
 * until then the element holds its place, hidden (global.css).
 */
import { type ImageWidth, imageSrcSet, imageUrl } from '../../../common/media.ts';
import { useAfterFirstPaint } from './use-after-first-paint.ts';

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
  const painted = useAfterFirstPaint();
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
      src={priority || painted ? imageUrl(id, 480) : undefined}
      srcSet={priority || painted ? imageSrcSet(id, widths) : undefined}
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
