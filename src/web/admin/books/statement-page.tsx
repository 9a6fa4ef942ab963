import { useState } from 'react';
import { type StatementImported, statementLayoutInputSchema } from '../../../common/schemas/statement.ts';
import { MappedCsvUpload, type MappedRole } from './csv-mapping-form.tsx';
import { importStatement, saveStatementLayout } from './statement-api.ts';
import { StatementResult } from './statement-result.tsx';
import './statement.css';

/** What a bank statement's mapping names: the date, the narration and the credit, and two optional columns. */
const STATEMENT_ROLES: ReadonlyArray<MappedRole<'date' | 'narration' | 'credit' | 'reference' | 'drCr'>> = [
  { key: 'date', label: 'Date' },
  { key: 'narration', label: 'Narration (description)' },
  { key: 'credit', label: 'Credit (deposit) amount' },
  { key: 'reference', label: 'Reference or cheque no.', optional: true },
  { key: 'drCr', label: 'Dr/Cr column (when one amount column holds both)', optional: true },
];

/** A statement of 50,000 lines is about 10 MB; the server takes up to 25 MB. */
const MAX_FILE_MB = 25;

/**
 * Bank statement (docs/product.md "The books: advances from the bank statement"): the owner
 * uploads the account's statement as the bank exported it; the advances it proves are marked
 * received, and the rest is listed. A layout we do not know is mapped once (which column holds
 * what), then remembered.
 */
export function StatementPage() {
  const [result, setResult] = useState<StatementImported | null>(null);

  return (
    <section aria-labelledby="adm-stm-title">
      <div className="adm-heading">
        <h1 id="adm-stm-title">Bank statement</h1>
      </div>
      <MappedCsvUpload
        upload={{
          id: 'statement',
          title: 'Import a bank statement',
          hint: (
            <>
              Export the shop account’s statement from your bank’s net banking as CSV (HDFC, ICICI, SBI, Axis and Kotak
              are read as they come; another bank’s is mapped once). Advances whose UTR and amount are in it are marked
              received; importing a statement twice changes nothing.
            </>
          ),
          fileLabel: 'Statement (CSV)',
          what: 'statement',
          maxMb: MAX_FILE_MB,
          busyLabel: 'Reading the statement…',
          send: importStatement,
        }}
        layout={{
          id: 'statement-layout',
          roles: STATEMENT_ROLES,
          remembered: 'this bank’s next statements',
          check: (values) => statementLayoutInputSchema.safeParse(values),
          save: saveStatementLayout,
        }}
        onResult={setResult}
      />
      {result && <StatementResult result={result} />}
    </section>
  );
}
