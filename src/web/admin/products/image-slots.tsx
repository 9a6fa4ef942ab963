import { type ChangeEvent, useId, useState } from 'react';
import { MAX_IMAGES } from '../../../common/constants.ts';
import { imageUrl } from '../../../common/media.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadImages } from './upload-images.ts';

/**
 * Up to 10 image slots (docs/product.md#validation): the filled ones with previews, move and
 * remove buttons, and one empty slot while fewer than 10 exist. Chosen files
 * upload at once, with a progress bar; the first image is the card image.
 */
export function ImageSlots({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string | undefined;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    const room = MAX_IMAGES - images.length;
    if (files.length > room) {
      setMessage(`Only ${room} more ${room === 1 ? 'image fits' : 'images fit'} (at most ${MAX_IMAGES}).`);
      return;
    }
    setMessage(null);
    setProgress(0);
    try {
      const stored = await uploadImages(files, setProgress);
      // The same picture twice is one slot: ids are content hashes.
      onChange([...new Set([...images, ...stored.map((s) => s.id)])]);
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setProgress(null);
    }
  }

  const move = (from: number, to: number) => {
    const next = [...images];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };

  return (
    <fieldset className="adm-fieldset">
      <legend>
        Images ({images.length} of {MAX_IMAGES})
      </legend>
      <ol className="adm-slots">
        {images.map((id, i) => (
          <li key={id} className="adm-slot">
            <img
              src={imageUrl(id, 240)}
              alt={`View ${i + 1}${i === 0 ? ' (shown on cards)' : ''}`}
              width={120}
              height={120}
            />
            <div className="adm-slot-buttons">
              <button
                type="button"
                className="icon-btn"
                aria-label={`Move image ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ←
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Move image ${i + 1} later`}
                disabled={i === images.length - 1}
                onClick={() => move(i, i + 1)}
              >
                →
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
        {images.length < MAX_IMAGES && (
          <li className="adm-slot adm-slot-empty">
            <label htmlFor={inputId}>{progress === null ? '+ Add images' : 'Uploading…'}</label>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              multiple
              disabled={progress !== null}
              onChange={pick}
            />
          </li>
        )}
      </ol>
      {progress !== null && (
        <progress className="adm-progress" max={1} value={progress} aria-label="Upload progress">
          {Math.round(progress * 100)}%
        </progress>
      )}
      {(message || error) && (
        <p className="field-error" role="alert">
          {message ?? error}
        </p>
      )}
    </fieldset>
  );
}
