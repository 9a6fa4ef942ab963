import { type FormEvent, useState } from 'react';
import { LEAD_PLATFORMS, leadInputSchema } from '../../../common/schemas/lead.ts';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { adminApi } from '../admin-api.ts';

const EMPTY = { platform: 'amazon', customer: '', phone: '', productId: '', productName: '', quantity: '1', date: '' };

/** An Amazon or WhatsApp order entered by hand. */
export function LeadForm({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = leadInputSchema.safeParse(form);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      setMessage({ text: parsed.error.issues[0]?.message ?? 'Please check the form', tone: 'error' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await adminApi.addLead(parsed.data);
      setForm(EMPTY);
      setMessage({ text: 'Lead added', tone: 'success' });
      onAdded();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fields : {});
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="adm-lead-form-title">
      <h2 id="adm-lead-form-title">Add a platform order</h2>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <div className="field">
        <label htmlFor="lead-platform">Platform</label>
        <select id="lead-platform" value={form.platform} onChange={(e) => set('platform', e.target.value)}>
          {LEAD_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p === 'amazon' ? 'Amazon' : 'Whatsapp'}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id="lead-customer"
        label="Customer"
        value={form.customer}
        error={errors.customer}
        onChange={(e) => set('customer', e.target.value)}
      />
      <TextField
        id="lead-phone"
        label="Phone (optional)"
        inputMode="numeric"
        value={form.phone}
        error={errors.phone}
        onChange={(e) => set('phone', e.target.value)}
      />
      <TextField
        id="lead-product"
        label="Product name"
        value={form.productName}
        error={errors.productName}
        onChange={(e) => set('productName', e.target.value)}
      />
      <TextField
        id="lead-product-id"
        label="Product id (optional)"
        value={form.productId}
        error={errors.productId}
        onChange={(e) => set('productId', e.target.value)}
      />
      <TextField
        id="lead-qty"
        label="Quantity"
        inputMode="numeric"
        value={form.quantity}
        error={errors.quantity}
        onChange={(e) => set('quantity', e.target.value)}
      />
      <TextField
        id="lead-date"
        label="Order date (optional)"
        type="date"
        value={form.date}
        error={errors.date}
        onChange={(e) => set('date', e.target.value)}
      />
      <button type="submit" className="btn" disabled={busy}>
        Add lead
      </button>
    </form>
  );
}
