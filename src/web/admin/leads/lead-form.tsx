import { LEAD_PLATFORMS, leadInputSchema } from '../../../common/schemas/lead.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { adminApi } from '../admin-api.ts';

/** An Amazon or WhatsApp order entered by hand (docs/product.md#admin-leads). */
export function LeadForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm({
    id: 'lead',
    initial: { platform: 'amazon', customer: '', phone: '', productId: '', productName: '', quantity: '1', date: '' },
    check: (values) => leadInputSchema.safeParse(values),
    send: (data) => adminApi.addLead(data),
    success: 'Lead added',
    reset: true,
    onSuccess: onAdded,
  });

  return (
    <form className="panel" onSubmit={form.submit} noValidate aria-labelledby="adm-lead-form-title">
      <h2 id="adm-lead-form-title">Add a platform order</h2>
      <Message {...form.messageProps} />
      <SelectField label="Platform" {...form.field('platform')}>
        {LEAD_PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {p === 'amazon' ? 'Amazon' : 'Whatsapp'}
          </option>
        ))}
      </SelectField>
      <TextField label="Customer" {...form.field('customer')} />
      <TextField label="Phone (optional)" inputMode="numeric" {...form.field('phone')} />
      <TextField label="Product name" {...form.field('productName')} />
      <TextField label="Product id (optional)" {...form.field('productId')} />
      <TextField label="Quantity" inputMode="numeric" {...form.field('quantity')} />
      <TextField label="Order date (optional)" type="date" {...form.field('date')} />
      <button type="submit" className="btn" disabled={form.busy}>
        Add lead
      </button>
      <LoaderOverlay active={form.busy} label="Adding the lead…" />
    </form>
  );
}
