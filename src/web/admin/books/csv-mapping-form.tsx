import { useState } from 'react';
import type { NeedsMapping } from '../../../common/schemas/column-mapping.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import type { CheckResult } from '../../lib/forms/field-messages.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { CsvUploadForm, type CsvUploadProps } from './csv-upload-form.tsx';
import './csv-mapping-form.css';

/** One thing the owner says which column holds. */
export interface MappedRole<K extends string> {
  key: K;
  label: string;
  optional?: boolean;
}

/** The mapping step's own settings: its form id, the roles, and the check and save of the layout. */
export type LayoutProps<K extends string, D> = Pick<
  Parameters<typeof CsvMappingForm<K, D>>[0],
  'id' | 'roles' | 'remembered' | 'check' | 'save'
>;

/**
 * The books' upload of a CSV whose layout may be unknown (the bank statement, the courier's COD
 * remittance report): the upload form, then, when the server answers "needs-mapping", the mapping
 * step, which remembers the layout and sends the same file again. The screen gets the import's
 * result (`onResult`), or null while there is none.
 */
export function MappedCsvUpload<R extends { kind: string }, K extends string, D>({
  upload,
  layout,
  onResult,
}: {
  upload: Omit<CsvUploadProps<R | NeedsMapping>, 'onPick' | 'onImported'>;
  layout: LayoutProps<K, D>;
  onResult: (result: R | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<NeedsMapping | null>(null);
  const show = (reply: R | NeedsMapping) => {
    const needs = reply.kind === 'needs-mapping';
    setMapping(needs ? (reply as NeedsMapping) : null);
    onResult(needs ? null : (reply as R));
  };
  return (
    <>
      <CsvUploadForm
        {...upload}
        onPick={() => {
          setMapping(null);
          setFile(null);
          onResult(null);
        }}
        onImported={(reply, chosen) => {
          setFile(chosen);
          show(reply);
        }}
      />
      {mapping && file && (
        <CsvMappingForm
          key={mapping.header.join('|')}
          {...layout}
          mapping={mapping}
          busyLabel={upload.busyLabel}
          onMapped={async () => show(await upload.send(file))}
        />
      )}
    </>
  );
}

/**
 * The books' mapping step for a CSV layout we do not know (the bank statement, the courier's COD
 * remittance report; docs/decisions/047-remittance-layouts-mapped-once.md): the file's header and
 * first rows, one choice of column per role, one button that remembers the mapping and imports the
 * file again (`onMapped`). The one form pattern (src/web/lib/forms/use-form.ts); the server checks
 * the same schema (`check`).
 */
export function CsvMappingForm<K extends string, D>({
  id,
  mapping,
  roles,
  remembered,
  busyLabel,
  check,
  save,
  onMapped,
}: {
  /** The form's id ("statement-layout"). */
  id: string;
  mapping: NeedsMapping;
  roles: ReadonlyArray<MappedRole<K>>;
  /** What the mapping is remembered for ("this bank’s next statements"). */
  remembered: string;
  busyLabel: string;
  check: (values: Record<K, string> & { header: string[] }) => CheckResult<D>;
  save: (data: D) => Promise<void>;
  onMapped: () => Promise<void>;
}) {
  const columns = [...new Set(mapping.header.map((h) => h.trim()).filter(Boolean))];
  const form = useForm({
    id,
    initial: Object.fromEntries(roles.map((r) => [r.key, ''])) as Record<K, string>,
    check: (values) => check({ header: mapping.header, ...values }),
    send: async (data: D) => {
      await save(data);
      await onMapped();
    },
  });
  const titleId = `${id}-title`;
  return (
    <form className="panel adm-map" onSubmit={form.submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>A layout we do not know yet</h2>
      <p className="adm-map-hint">
        Say which column of <strong>{mapping.fileName}</strong> holds what. It is remembered for {remembered}.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard's focus (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <section className="adm-map-sample-wrap" aria-label="The file’s first rows" tabIndex={0}>
        <table className="adm-map-sample">
          <caption className="visually-hidden">The file’s first rows</caption>
          <thead>
            <tr>
              {mapping.header.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the header's columns are fixed; names may repeat.
                <th key={i} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {mapping.sample.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sample rows never move.
              <tr key={r}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="adm-map-fields">
        {roles.map((role) => (
          <SelectField key={role.key} label={role.label} {...form.field(role.key)}>
            <option value="">{role.optional ? 'None' : 'Choose the column'}</option>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Remember and import
        </button>
      </div>
      <LoaderOverlay active={form.busy} label={busyLabel} />
    </form>
  );
}
