import { useState } from 'react';
import {
  type StatementImported,
  type StatementImportReply,
  statementLayoutInputSchema,
} from '../../../common/schemas/statement.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { CsvUploadForm } from './csv-upload-form.tsx';
import { importStatement, saveStatementLayout } from './statement-api.ts';
import { StatementResult } from './statement-result.tsx';
import './statement.css';

type NeedsMapping = Extract<StatementImportReply, { kind: 'needs-mapping' }>;

/** A statement of 50,000 lines is about 10 MB; the server takes up to 25 MB. */
const MAX_FILE_MB = 25;

/**
 * Bank statement (docs/product.md "The books: advances from the bank statement"): the owner
 * uploads the account's statement as the bank exported it; the advances it proves are marked
 * received, and the rest is listed. A layout we do not know is mapped once (which column holds
 * what), then remembered.
 */
export function StatementPage() {
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<NeedsMapping | null>(null);
  const [result, setResult] = useState<StatementImported | null>(null);

  const show = (reply: StatementImportReply) => {
    setMapping(reply.kind === 'needs-mapping' ? reply : null);
    setResult(reply.kind === 'imported' ? reply : null);
  };

  return (
    <section aria-labelledby="adm-stm-title">
      <div className="adm-heading">
        <h1 id="adm-stm-title">Bank statement</h1>
      </div>
      <CsvUploadForm
        id="statement"
        title="Import a bank statement"
        hint={
          <>
            Export the shop account’s statement from your bank’s net banking as CSV (HDFC, ICICI, SBI, Axis and Kotak
            are read as they come; another bank’s is mapped once). Advances whose UTR and amount are in it are marked
            received; importing a statement twice changes nothing.
          </>
        }
        fileLabel="Statement (CSV)"
        what="statement"
        maxMb={MAX_FILE_MB}
        busyLabel="Reading the statement…"
        send={importStatement}
        onPick={() => {
          setMapping(null);
          setResult(null);
          setFile(null);
        }}
        onImported={(reply, chosen) => {
          setFile(chosen);
          show(reply);
        }}
      />
      {mapping && file && (
        <MappingForm
          key={mapping.header.join('|')}
          mapping={mapping}
          onMapped={async () => show(await importStatement(file))}
        />
      )}
      {result && <StatementResult result={result} />}
    </section>
  );
}

/** The mapping step: which column of this bank's header holds the date, narration, credit and reference. */
function MappingForm({ mapping, onMapped }: { mapping: NeedsMapping; onMapped: () => Promise<void> }) {
  const columns = [...new Set(mapping.header.map((h) => h.trim()).filter(Boolean))];
  const form = useForm({
    id: 'statement-layout',
    initial: { date: '', narration: '', credit: '', reference: '', drCr: '' },
    check: (values) => statementLayoutInputSchema.safeParse({ header: mapping.header, ...values }),
    send: async (data) => {
      await saveStatementLayout(data);
      await onMapped();
    },
  });
  const choose = (key: 'date' | 'narration' | 'credit' | 'reference' | 'drCr', label: string, optional = false) => (
    <SelectField label={label} {...form.field(key)}>
      <option value="">{optional ? 'None' : 'Choose the column'}</option>
      {columns.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
  return (
    <form className="panel adm-stm-mapping" onSubmit={form.submit} noValidate aria-labelledby="adm-stm-map-title">
      <h2 id="adm-stm-map-title">A layout we do not know yet</h2>
      <p className="adm-stm-hint">
        Say which column of <strong>{mapping.fileName}</strong> holds what. It is remembered for this bank’s next
        statements.
      </p>
      <div className="adm-stm-sample-wrap">
        <table className="adm-stm-sample">
          <caption className="visually-hidden">The statement’s first rows</caption>
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
      </div>
      <div className="adm-stm-fields">
        {choose('date', 'Date')}
        {choose('narration', 'Narration (description)')}
        {choose('credit', 'Credit (deposit) amount')}
        {choose('reference', 'Reference or cheque no.', true)}
        {choose('drCr', 'Dr/Cr column (when one amount column holds both)', true)}
      </div>
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Remember and import
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Reading the statement…" />
    </form>
  );
}
