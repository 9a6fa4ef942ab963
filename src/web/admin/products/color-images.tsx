import { type ChangeEvent, useState } from 'react';
import { imageUrl } from '../../../common/media.ts';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadImages } from './upload-images.ts';

type ColorImage = { color: string; image: string };

/** Colour variants (colornimage, docs/product.md#entities): a colour name and its picture. */
export function ColorImages({ rows, onChange }: { rows: ColorImage[]; onChange: (rows: ColorImage[]) => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const set = (i: number, change: Partial<ColorImage>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  async function pick(i: number, event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(i);
    setMessage(null);
    try {
      const [stored] = await uploadImages([file], () => {});
      if (stored) set(i, { image: stored.id });
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="adm-fieldset">
      <legend>Colour images</legend>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
        <div className="adm-row" key={i}>
          <TextField
            id={`color-${i}`}
            label={`Colour ${i + 1}`}
            value={row.color}
            maxLength={40}
            onChange={(e) => set(i, { color: e.target.value })}
          />
          {row.image && (
            <img className="adm-color-preview" src={imageUrl(row.image, 240)} alt={row.color || `Colour ${i + 1}`} />
          )}
          <div className="field">
            <label htmlFor={`color-file-${i}`}>{busy === i ? 'Uploading…' : `Picture for colour ${i + 1}`}</label>
            <input
              id={`color-file-${i}`}
              type="file"
              accept="image/*"
              disabled={busy !== null}
              onChange={(e) => pick(i, e)}
            />
          </div>
          <button type="button" className="btn btn-ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove<span className="visually-hidden"> colour {i + 1}</span>
          </button>
        </div>
      ))}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <button type="button" className="btn btn-ghost" onClick={() => onChange([...rows, { color: '', image: '' }])}>
        + Add colour
      </button>
    </fieldset>
  );
}
