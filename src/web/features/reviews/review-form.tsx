/**
 * One watch's review form on the review link's page (docs/product.md#reviews): stars 1 to 5, a
 * title, the text, the name it shows (first name and initial by default) and up to 4 photos. A
 * plain form posting multipart to the page's own address, with or without the script
 * (server/reviews/form-route.ts; decision 066): its fields are the browser's own, so what was
 * typed stays while the page lives, and a refusal comes back with the page, its message and the
 * text as typed (the photos must be chosen again).
 */
import { useState } from 'react';
import { type PostedForm, postedFormPath } from '../../../common/account-forms.ts';
import { imageUrl } from '../../../common/media.ts';
import { PAGE } from '../../../common/page-paths.ts';
import {
  MODERATION_DAYS,
  REVIEW_NAME_MAX,
  REVIEW_PHOTO_MIN_PX,
  REVIEW_PHOTOS_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  reviewFormId,
} from '../../../common/review-rules.ts';
import type { OwnReview } from '../../../common/schemas/review.ts';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { takeEmbeddedAnswer } from '../../lib/api-client.ts';

const STAR_WORDS = ['1 star: poor', '2 stars: fair', '3 stars: good', '4 stars: very good', '5 stars: excellent'];

export function ReviewForm({
  action,
  lineNo,
  productName,
  review,
  defaultName,
}: {
  action: string;
  lineNo: number;
  productName: string;
  review: OwnReview | null;
  defaultName: string;
}) {
  const id = reviewFormId(lineNo);
  // A refusal the server answered this page with (form-route.ts): its message and what was typed.
  const [posted] = useState(() => takeEmbeddedAnswer<PostedForm>(postedFormPath(id)) ?? null);
  const typed = (name: string, fallback: string) => {
    const value = posted?.values[name];
    return typeof value === 'string' ? value : fallback;
  };
  const error = (name: string) => posted?.fields[name] ?? null;
  const stars = typed('stars', review ? String(review.stars) : '');
  const starsError = error('stars');
  return (
    <form
      className="review-form"
      method="post"
      action={action}
      encType="multipart/form-data"
      aria-label={`Your review of ${productName}`}
    >
      {posted && (
        <p className="message message-error" role="alert">
          {posted.message}
        </p>
      )}
      <input type="hidden" name="lineNo" value={lineNo} />
      <fieldset className="review-stars-input" aria-describedby={starsError ? `${id}-stars-error` : undefined}>
        <legend>Your rating</legend>
        {STAR_WORDS.map((words, i) => (
          <label key={words}>
            <input type="radio" name="stars" value={i + 1} defaultChecked={stars === String(i + 1)} required />
            <span>{words}</span>
          </label>
        ))}
        {starsError && (
          <span id={`${id}-stars-error`} className="field-error">
            {starsError}
          </span>
        )}
      </fieldset>
      <TextField
        id={`${id}-title`}
        label="Title"
        name="title"
        maxLength={REVIEW_TITLE_MAX}
        required
        defaultValue={typed('title', review?.title ?? '')}
        error={error('title')}
      />
      <TextAreaField
        id={`${id}-text`}
        label="Your review"
        name="text"
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        required
        hint="What you like, what you do not: the watch, the packing, the delivery."
        defaultValue={typed('text', review?.body ?? '')}
        error={error('text')}
      />
      <TextField
        id={`${id}-name`}
        label="Name shown with your review"
        name="displayName"
        maxLength={REVIEW_NAME_MAX}
        required
        autoComplete="off"
        hint="Your first name and initial unless you change it. Your phone, address and order stay private."
        defaultValue={typed('displayName', review?.displayName ?? defaultName)}
        error={error('displayName')}
      />
      {review && review.photos.length > 0 && (
        <fieldset className="review-kept-photos">
          <legend>Photos of your review (untick to remove)</legend>
          {review.photos.map((photo, i) => (
            <label key={photo}>
              <input type="checkbox" name="keepPhotos" value={photo} defaultChecked />
              <img src={imageUrl(photo, 240)} alt={`Keep upload ${i + 1}`} width={80} height={80} loading="lazy" />
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${id}-photos`}>Photos (up to {REVIEW_PHOTOS_MAX}, optional)</label>
        <input
          id={`${id}-photos`}
          type="file"
          name="photos"
          accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif"
          multiple
          aria-describedby={`${id}-photos-hint${error('photos') ? ` ${id}-photos-error` : ''}`}
          {...(error('photos') ? { 'aria-invalid': true } : {})}
        />
        <span id={`${id}-photos-hint`} className="field-hint">
          Photos of the watch you received, at least {REVIEW_PHOTO_MIN_PX} pixels a side, as a phone camera takes. We
          remove the location and camera details from them.
        </span>
        {error('photos') && (
          <span id={`${id}-photos-error`} className="field-error">
            {error('photos')}
          </span>
        )}
      </div>
      <p className="review-form-note">
        The shop reads each review within {MODERATION_DAYS} days and publishes it whatever its rating, under the{' '}
        <a href={PAGE.reviewsPolicy}>reviews policy</a>.
      </p>
      <button type="submit" className="btn btn-gold">
        {review ? 'Save my changes' : 'Send my review'}
      </button>
    </form>
  );
}
