import { type ChangeEvent, Fragment } from 'react';
import { MESSAGE_MS } from '../../../common/constants.ts';
import { LEAD_CSV_COLUMNS } from '../../../common/schemas/lead.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { fieldInputId, useForm } from '../../lib/forms/use-form.ts';
import { adminApi } from '../admin-api.ts';

/**
 * CSV import of platform orders. A file with bad rows imports nothing; the bad
 * lines are listed, with the choice to import only the good ones.
 */
export function LeadImport({ onImported }: { onImported: () => void }) {
  const form = useForm({
    id: 'lead',
    initial: { csv: null as string | null, fileName: '' },
    check: ({ csv }) =>
      csv ? { ok: true, data: csv } : { ok: false, field: 'csv', message: 'Please choose a CSV file' },
    send: (csv) => adminApi.importLeads(csv, false),
    success: (result) =>
      `${result.imported} leads imported${result.errors.length ? `, ${result.errors.length} skipped` : ''}`,
    reset: true,
    onSuccess: onImported,
  });
  // The server names each bad row in `fields` ("line 4": its message).
  const rowErrors = Object.entries(form.errors).filter(([field]) => field !== 'csv');

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    form.reset();
    if (!file) return;
    if (file.size > 2_000_000) return form.fail('The CSV file is too large (at most 2 MB).', 'csv');
    form.reset({ csv: await file.text(), fileName: file.name });
  }

  return (
    <form className="panel" onSubmit={form.submit} aria-labelledby="adm-lead-import-title">
      <h2 id="adm-lead-import-title">Import a CSV</h2>
      <p>
        The first row names the columns:{' '}
        <code>
          {LEAD_CSV_COLUMNS.map((column, i) => (
            // A line may break after each comma (<wbr>): the list never widens the form on a phone.
            <Fragment key={column}>
              {i > 0 && (
                <>
                  ,<wbr />
                </>
              )}
              {column}
            </Fragment>
          ))}
        </code>{' '}
        (platform is amazon or whatsapp; phone, productId and date may be empty).
      </p>
      <Message {...form.messageProps} autoHideMs={rowErrors.length ? null : MESSAGE_MS} />
      {rowErrors.length > 0 && (
        <ul className="adm-error-list">
          {rowErrors.map(([line, text]) => (
            <li key={line}>
              {line}: {text}
            </li>
          ))}
        </ul>
      )}
      <TextField
        id={fieldInputId('lead', 'csv')}
        label={`CSV file${form.values.fileName ? ` (${form.values.fileName})` : ''}`}
        type="file"
        accept=".csv,text/csv"
        error={form.errors.csv}
        showError={false}
        onChange={pick}
      />
      <div className="adm-actions">
        <button type="submit" className="btn" disabled={form.busy || !form.values.csv}>
          Import
        </button>
        {rowErrors.length > 0 && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={form.busy}
            onClick={() => form.submit(undefined, (csv) => adminApi.importLeads(csv, true))}
          >
            Import only the good rows
          </button>
        )}
      </div>
      <LoaderOverlay active={form.busy} label="Importing…" />
    </form>
  );
}
