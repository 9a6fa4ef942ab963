import { useState } from 'react';
import {
  AFTER_SALES_FORM_RULES,
  MAX_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  PROBLEM_LABELS,
  PROBLEMS,
  type Problem,
} from '../../../common/after-sales-rules.ts';
import type { OrderAfterSales } from '../../../common/schemas/after-sales.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { askAfterSales, uploadPhotos } from './after-sales-api.ts';

type Line = OrderAfterSales['lines'][number];
const CHOOSE = 'Please say what is wrong: wrong, damaged or faulty';
const TOO_MANY = `Please choose at most ${MAX_REQUEST_PHOTOS} photos`;
const TOO_BIG = `Each photo must be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`;

/**
 * "Report a problem" (docs/product.md#after-sales): wrong, damaged or faulty, up to 4 photos (sent
 * first; the shop keeps them as it keeps product pictures, without their location or camera
 * details) and a note.
 */
export function ProblemForm({
  orderNumber,
  line,
  onDone,
  onCancel,
}: {
  orderNumber: string;
  line: Line;
  onDone: (next: OrderAfterSales) => void;
  onCancel: () => void;
}) {
  const id = `problem-${orderNumber}-${line.lineNo}`;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm({
    id,
    initial: { reason: '', photos: '' },
    check: (values) => {
      if (!problem) return { ok: false as const, field: 'problem', message: CHOOSE };
      const checked = checkForm(AFTER_SALES_FORM_RULES, { reason: values.reason });
      if (!checked.ok) return checked;
      if (files.length > MAX_REQUEST_PHOTOS) return { ok: false as const, field: 'photos', message: TOO_MANY };
      if (files.some((f) => f.size > MAX_PHOTO_BYTES)) return { ok: false as const, field: 'photos', message: TOO_BIG };
      return { ok: true as const, data: { reason: checked.data.reason, problem } };
    },
    send: async (data) => {
      const photos = files.length > 0 ? await uploadPhotos(orderNumber, files) : [];
      return askAfterSales(orderNumber, { lineNo: line.lineNo, kind: 'problem', ...data, photos });
    },
    onSuccess: onDone,
  });
  return (
    <form
      className="after-sales-form"
      onSubmit={form.submit}
      noValidate
      aria-label={`Report a problem with ${line.name}`}
    >
      <fieldset id={`${id}-problem`} tabIndex={-1}>
        <legend>What is wrong?</legend>
        {PROBLEMS.map((p) => (
          <label key={p} className="after-sales-choice">
            <input type="radio" name={`${id}-kind`} checked={problem === p} onChange={() => setProblem(p)} />
            {PROBLEM_LABELS[p]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-photos`}>Photos (up to {MAX_REQUEST_PHOTOS}, optional)</label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic"
          multiple
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
        {files.length > 0 && (
          <p className="order-meta">
            {files.length} {files.length === 1 ? 'photo' : 'photos'} chosen
            {files.length > MAX_REQUEST_PHOTOS ? `: ${TOO_MANY.toLowerCase()}` : ''}
          </p>
        )}
      </div>
      <TextAreaField label="Tell us what happened" rows={3} hint="At least 10 characters." {...form.field('reason')} />
      <Message {...form.messageProps} />
      <div className="after-sales-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Send report
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Sending…" />
    </form>
  );
}
