import { type ChangeEvent, type ReactNode, useState } from 'react';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { fieldInputId, useForm } from '../../lib/forms/use-form.ts';
import './csv-upload-form.css';

export interface CsvUploadProps<R> {
  /** The form's id: the file input is `${id}-file`. */
  id: string;
  /** The form's accessible name ("Import a bank statement"). */
  title: string;
  hint: ReactNode;
  /** The file field's label ("Statement (CSV)"). */
  fileLabel: string;
  /** What the file is, in "Please choose the …" and "This … is too large" ("statement", "report"). */
  what: string;
  maxMb: number;
  busyLabel: string;
  send: (file: File) => Promise<R>;
  onPick: () => void;
  onImported: (reply: R, file: File) => void;
}

/**
 * The books' one-file CSV upload (the bank statement, the courier's COD remittance report): a
 * file field, a size cut before anything is sent, one Import button, the form's one message
 * (the one form pattern, src/web/lib/forms/use-form.ts) and the loader while the server reads.
 * Choosing another file clears the screen's last result (`onPick`); the screen shows the reply
 * (`onImported`, which also gets the file, for a second step such as the statement's mapping).
 */
export function CsvUploadForm<R>({
  id,
  title,
  hint,
  fileLabel,
  what,
  maxMb,
  busyLabel,
  send,
  onPick,
  onImported,
}: CsvUploadProps<R>) {
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    id,
    initial: { fileName: '' },
    check: () =>
      file ? { ok: true, data: file } : { ok: false, field: 'file', message: `Please choose the ${what} (a CSV file)` },
    send: (chosen: File) => send(chosen),
    defaultField: 'file',
    onSuccess: onImported,
  });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    form.reset();
    onPick();
    setFile(null);
    if (!chosen) return;
    if (chosen.size > maxMb * 1024 * 1024) return form.fail(`This ${what} is too large (at most ${maxMb} MB).`, 'file');
    setFile(chosen);
    form.reset({ fileName: chosen.name });
  }

  return (
    <form className="panel adm-csv-upload" onSubmit={form.submit} noValidate aria-label={title}>
      <p className="adm-csv-hint">{hint}</p>
      <TextField
        id={fieldInputId(id, 'file')}
        label={fileLabel}
        type="file"
        accept=".csv,text/csv"
        error={form.errors.file}
        showError={false}
        onChange={pick}
      />
      <Message {...form.messageProps} autoHideMs={null} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy || !file}>
          Import
        </button>
      </div>
      <LoaderOverlay active={form.busy} label={busyLabel} />
    </form>
  );
}
