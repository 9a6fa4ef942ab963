/** The lower part of the home page: reels, follow and subscribe, support chat (the reviews: features/reviews/home-reviews.tsx). */
import { imageSrcSet, imageUrl } from '../../../common/media.ts';
import { whatsappLink } from '../../../common/site.ts';
import { ChatIcon } from '../../components/icons.tsx';
import { site } from '../../lib/site.ts';
import type { HomeData } from './use-home.ts';

type Content = NonNullable<HomeData['content']>;

/** Below the fold: the pictures load lazily and at low priority, after the ones the first paint needs. */
export function Reels({ reels }: { reels: Content['reels'] }) {
  if (reels.length === 0) return null;
  return (
    <section aria-labelledby="reels-heading">
      <div className="section-heading">
        <h2 id="reels-heading">Watch our reels</h2>
      </div>
      <ul className="reel-list">
        {reels.map((r) => (
          <li key={r.url}>
            <a href={r.url} target="_blank" rel="noopener noreferrer" className="reel-card card">
              <img
                src={imageUrl(r.poster, 480)}
                srcSet={imageSrcSet(r.poster, [240, 480])}
                sizes="(min-width: 800px) 25vw, 45vw"
                width={480}
                height={480}
                alt=""
                loading="lazy"
                fetchPriority="low"
              />
              <span className="reel-title">
                <span className="reel-platform">{r.platform === 'instagram' ? 'Instagram' : 'YouTube'}</span>
                {r.title}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FollowCards({ reels }: { reels: Content['reels'] }) {
  const instagram = reels.find((r) => r.platform === 'instagram');
  const youtube = reels.find((r) => r.platform === 'youtube');
  const profile = (url: string | undefined, fallback: string) => {
    try {
      return url ? new URL(url).origin : fallback;
    } catch {
      return fallback;
    }
  };
  return (
    <ul className="follow-cards">
      <li>
        <a
          className="follow-card card"
          href={profile(instagram?.url, 'https://www.instagram.com')}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="follow-card-title">Follow us on Instagram</span>
          <span>New arrivals and customer unboxings every week.</span>
          <span className="btn btn-ghost">Follow</span>
        </a>
      </li>
      <li>
        <a
          className="follow-card card"
          href={profile(youtube?.url, 'https://www.youtube.com')}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="follow-card-title">Subscribe on YouTube</span>
          <span>Close-up videos of every watch before you buy.</span>
          <span className="btn btn-ghost">Subscribe</span>
        </a>
      </li>
    </ul>
  );
}

export function SupportChat() {
  return (
    <section className="support-chat panel" aria-labelledby="support-heading">
      <h2 id="support-heading">Need help choosing?</h2>
      <p>Chat with us on WhatsApp: real photos, videos and answers before you order.</p>
      <a
        className="btn btn-gold"
        href={whatsappLink(site().whatsapp, 'Hello! I need help choosing a watch.')}
        target="_blank"
        rel="noopener noreferrer"
      >
        <ChatIcon /> Chat with us
      </a>
    </section>
  );
}
