import { useEffect, useState } from 'react';
import { AFTER_SALES_FORM_RULES, exchangeMoney } from '../../../common/after-sales-rules.ts';
import { formatRupees } from '../../../common/money.ts';
import type { OrderAfterSales } from '../../../common/schemas/after-sales.ts';
import type { ProductCard } from '../../../common/schemas/product.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { askAfterSales, searchWatches } from './after-sales-api.ts';

type Line = OrderAfterSales['lines'][number];
const CHOOSE = 'Please choose the watch you want instead';

/**
 * "Exchange this watch" (docs/product.md#after-sales): why, and what instead (the same watch, or
 * another found in the catalogue), with what it costs shown before it is sent: the price
 * difference (a cheaper watch is not refunded: exchange only) and the courier both ways.
 */
export function ExchangeForm({
  orderNumber,
  line,
  courierEachWay,
  onDone,
  onCancel,
}: {
  orderNumber: string;
  line: Line;
  courierEachWay: number;
  onDone: (next: OrderAfterSales) => void;
  onCancel: () => void;
}) {
  const id = `exchange-${orderNumber}-${line.lineNo}`;
  const [wanted, setWanted] = useState<{ id: string; name: string; price: number } | null>(null);
  const [results, setResults] = useState<ProductCard[]>([]);
  const form = useForm({
    id,
    initial: { reason: '', query: '' },
    check: (values) => {
      const checked = checkForm(AFTER_SALES_FORM_RULES, { reason: values.reason });
      if (!checked.ok) return checked;
      if (!wanted) return { ok: false as const, field: 'query', message: CHOOSE };
      return { ok: true as const, data: { reason: checked.data.reason, wantedProductId: wanted.id } };
    },
    send: (data) => askAfterSales(orderNumber, { lineNo: line.lineNo, kind: 'exchange', ...data, photos: [] }),
    onSuccess: onDone,
  });
  const query = form.values.query.trim();
  useEffect(() => {
    if (query.length < 2) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchWatches(query, controller.signal)
        .then((page) => setResults(page.items.filter((p) => p.inStock).slice(0, 6)))
        .catch(() => setResults([]));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const money = wanted ? exchangeMoney(line.price, wanted.price, courierEachWay) : null;
  const same = { id: line.productId, name: line.name, price: line.price };
  return (
    <form className="after-sales-form" onSubmit={form.submit} noValidate aria-label={`Exchange ${line.name}`}>
      <TextAreaField
        label="Why do you want to exchange it?"
        rows={3}
        hint="At least 10 characters."
        {...form.field('reason')}
      />
      <fieldset>
        <legend>What do you want instead?</legend>
        <label className="after-sales-choice">
          <input type="radio" name={`${id}-wanted`} checked={wanted?.id === same.id} onChange={() => setWanted(same)} />
          The same watch ({formatRupees(line.price)})
        </label>
        <TextField label="Or find another watch" type="search" autoComplete="off" {...form.field('query')} />
        {results.length > 0 && (
          <ul className="after-sales-results" aria-label="Watches found">
            {results.map((p) => (
              <li key={p.id}>
                <label className="after-sales-choice">
                  <input
                    type="radio"
                    name={`${id}-wanted`}
                    checked={wanted?.id === p.id}
                    onChange={() => setWanted({ id: p.id, name: p.name, price: p.discountPrice })}
                  />
                  {p.name} ({formatRupees(p.discountPrice)})
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {money && wanted && (
        <dl className="after-sales-money" aria-label="What the exchange costs">
          <dt>{wanted.name}</dt>
          <dd>{formatRupees(wanted.price)}</dd>
          <dt>Price difference{wanted.price < line.price ? ' (a cheaper watch is not refunded)' : ''}</dt>
          <dd>{formatRupees(money.difference)}</dd>
          <dt>Courier both ways ({formatRupees(courierEachWay)} each way)</dt>
          <dd>{formatRupees(money.courier)}</dd>
          <dt className="after-sales-due">You pay by UPI before the new watch leaves</dt>
          <dd className="after-sales-due">{formatRupees(money.due)}</dd>
        </dl>
      )}
      <Message {...form.messageProps} />
      <div className="after-sales-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Send exchange request
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Sending…" />
    </form>
  );
}
