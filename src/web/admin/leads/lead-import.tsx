import { type ChangeEvent, type FormEvent, Fragment, useState } from 'react';
import { MESSAGE_MS } from '../../../common/constants.ts';
import { LEAD_CSV_COLUMNS } from '../../../common/schemas/lead.ts';
import { Message } from '../../components/message.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { adminApi } from '../admin-api.ts';

/**
 * CSV import of platform orders. A file with bad rows imports nothing; the bad
 * lines are listed, with the choice to import only the good ones.
 */
export function LeadImport({ onImported }: { onImported: () => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [rowErrors, setRowErrors] = useState<Array<[string, string]>>([]);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setRowErrors([]);
    setMessage(null);
    if (!file) return;
    if (file.size > 2_000_000) {
      setMessage({ text: 'The CSV file is too large (at most 2 MB).', tone: 'error' });
      return;
    }
    setFileName(file.name);
    setCsv(await file.text());
  }

  async function send(skipBadRows: boolean) {
    if (!csv) {
      setMessage({ text: 'Please choose a CSV file', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const result = await adminApi.importLeads(csv, skipBadRows);
      setRowErrors([]);
      setCsv(null);
      setFileName('');
      const skipped = result.errors.length ? `, ${result.errors.length} skipped` : '';
      setMessage({ text: `${result.imported} leads imported${skipped}`, tone: 'success' });
      onImported();
    } catch (err) {
      setRowErrors(err instanceof ApiError ? Object.entries(err.fields) : []);
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="adm-lead-import-title">
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
      <Message
        text={message?.text ?? null}
        tone={message?.tone ?? 'error'}
        onClose={() => setMessage(null)}
        autoHideMs={rowErrors.length ? null : MESSAGE_MS}
      />
      {rowErrors.length > 0 && (
        <ul className="adm-error-list">
          {rowErrors.map(([line, text]) => (
            <li key={line}>
              {line}: {text}
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor="lead-csv">CSV file {fileName && `(${fileName})`}</label>
        <input id="lead-csv" type="file" accept=".csv,text/csv" onChange={pick} />
      </div>
      <div className="adm-actions">
        <button type="submit" className="btn" disabled={busy || !csv}>
          Import
        </button>
        {rowErrors.length > 0 && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => send(true)}>
            Import only the good rows
          </button>
        )}
      </div>
    </form>
  );
}
