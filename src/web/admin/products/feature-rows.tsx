import { TextField } from '../../components/text-field.tsx';

type Feature = { name: string; description: string };

/**
 * Specification rows (features, docs/product.md#entities); at least one row is always kept
 * (docs/product.md#validation).
 */
export function FeatureRows({ rows, onChange }: { rows: Feature[]; onChange: (rows: Feature[]) => void }) {
  const set = (i: number, change: Partial<Feature>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <fieldset className="adm-fieldset">
      <legend>Features</legend>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
        <div className="adm-row" key={i}>
          <TextField
            id={`feature-name-${i}`}
            label={`Feature ${i + 1}`}
            value={row.name}
            maxLength={60}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <TextField
            id={`feature-desc-${i}`}
            label={`${row.name || `Feature ${i + 1}`} details`}
            value={row.description}
            maxLength={300}
            onChange={(e) => set(i, { description: e.target.value })}
          />
          {rows.length > 1 && (
            <button type="button" className="btn btn-ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Remove<span className="visually-hidden"> feature {i + 1}</span>
            </button>
          )}
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => onChange([...rows, { name: '', description: '' }])}
      >
        + Add feature
      </button>
    </fieldset>
  );
}
