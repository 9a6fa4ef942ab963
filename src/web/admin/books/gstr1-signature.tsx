import { type ChangeEvent, useEffect, useState } from 'react';
import { imageUrl } from '../../../common/media.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { fieldInputId, useForm } from '../../lib/forms/use-form.ts';
import { loadSignature, removeSignature, uploadSignature } from './gstr1-api.ts';

/**
 * The owner's signature on invoices and credit notes (docs/product.md#the-books-credit-notes-and-gstr-1):
 * uploaded once, printed above "Authorised signatory"; without it invoices carry the words of Rule 46(q)'s proviso.
 */
export function SignatureForm() {
  const [imageId, setImageId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  useEffect(() => {
    loadSignature().then(
      (s) => setImageId(s.imageId),
      () => undefined,
    );
  }, []);
  const form = useForm({
    id: 'signature',
    initial: { fileName: '' },
    check: () =>
      file ? { ok: true, data: file } : { ok: false, field: 'file', message: 'Please choose the signature picture' },
    send: (chosen: File) => uploadSignature(chosen),
    defaultField: 'file',
    onSuccess: (s) => {
      setImageId(s.imageId);
      setFile(null);
    },
  });
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    form.reset();
    setFile(chosen);
  }
  return (
    <form className="adm-gstr1-signature" onSubmit={form.submit} noValidate>
      <h2>Signature on invoices and credit notes</h2>
      {imageId ? (
        <p>
          <img src={imageUrl(imageId, 240)} alt="The signature printed on invoices" className="adm-gstr1-sign" />
        </p>
      ) : (
        <p>No signature yet: invoices say they are issued electronically (CGST Rule 46(q), proviso).</p>
      )}
      <label htmlFor={fieldInputId('signature', 'file')}>Picture of the signature (PNG or JPEG)</label>
      <input
        id={fieldInputId('signature', 'file')}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={pick}
      />
      <p className="adm-gstr1-downloads">
        <button type="submit" className="btn btn-small" disabled={form.busy}>
          Save signature
        </button>
        {imageId && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() =>
              removeSignature().then(
                (s) => setImageId(s.imageId),
                () => undefined,
              )
            }
          >
            Remove
          </button>
        )}
      </p>
      <Message {...form.messageProps} />
      <LoaderOverlay active={form.busy} label="Saving the signature…" />
    </form>
  );
}
