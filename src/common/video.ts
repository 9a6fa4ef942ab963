/**
 * Video hosts allowed for the product video (docs/product.md#better-8). Kept apart from the
 * zod schemas so the storefront can check a URL without loading zod.
 */
export const VIDEO_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
  'instagram.com',
  'www.instagram.com',
  'facebook.com',
  'www.facebook.com',
  'fb.watch',
  'vimeo.com',
  'player.vimeo.com',
] as const;
export const VIDEO_MESSAGE = 'The video link must be a YouTube, Instagram, Facebook or Vimeo address';

export function isAllowedVideoUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && (VIDEO_HOSTS as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}
