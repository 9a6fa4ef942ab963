/**
 * The product video (docs/product.md#better-8): the stored URL is from the allow-list, and we
 * build the player address ourselves; anything we cannot turn into a player is
 * shown as a plain link.
 */
import { isAllowedVideoUrl } from '../../../common/video.ts';

export function embedUrl(value: string): string | null {
  if (!isAllowedVideoUrl(value)) return null;
  const url = new URL(value);
  const host = url.hostname.replace(/^(www|m)\./, '');
  const id = (text: string | null | undefined) => (text && /^[\w-]{6,20}$/.test(text) ? text : null);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/');
    const v =
      id(url.searchParams.get('v')) ?? (['shorts', 'embed', 'live'].includes(parts[1] ?? '') ? id(parts[2]) : null);
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'youtu.be') {
    const v = id(url.pathname.slice(1));
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = url.pathname.match(/(\d{5,12})/)?.[1];
    return v ? `https://player.vimeo.com/video/${v}` : null;
  }
  if (host === 'instagram.com') {
    const m = url.pathname.match(/^\/(p|reel|tv)\/([\w-]+)/);
    return m ? `https://www.instagram.com/${m[1]}/${m[2]}/embed` : null;
  }
  if (host === 'facebook.com' || host === 'fb.watch') {
    return `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(value)}&show_text=false`;
  }
  return null;
}

export function ProductVideo({ url, title }: { url: string; title: string }) {
  if (!url) return null;
  const src = embedUrl(url);
  if (!src) {
    return isAllowedVideoUrl(url) ? (
      <p>
        <a href={url} target="_blank" rel="noopener noreferrer">
          Watch the video of {title}
        </a>
      </p>
    ) : null;
  }
  return (
    <div className="product-video">
      <iframe
        src={src}
        title={`Video of ${title}`}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        width={560}
        height={315}
      />
    </div>
  );
}
