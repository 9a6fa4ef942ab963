/**
 * /advance/{order}/{token} (docs/product.md#the-advance): the link the order's WhatsApp message and
 * mail carry, no log-in. That order's advance and nothing else: the amount, what is left to pay on
 * delivery, the UPI link and QR code, and the UPI reference form, in the very panel Your Orders
 * shows. The server renders it with the link's answer, so the amount, the link and the QR code show
 * without JavaScript; a wrong or closed link says so, and no more.
 */
import { useState } from 'react';
import { advanceLinkApi } from '../../common/advance-link-api.ts';
import { apiPath } from '../../common/api-contract.ts';
import { isApiErrorBody } from '../../common/errors.ts';
import type { AdvanceLinkOrder, AdvanceLinkReply } from '../../common/schemas/order.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { WhatsAppQuestion } from '../components/whatsapp-question.tsx';
import { advanceLinkChannel, readAdvanceLink } from '../features/orders/advance-link-api.ts';
import { AdvancePanel } from '../features/orders/advance-panel.tsx';
import { takeEmbeddedAnswer } from '../lib/api-client.ts';
import { useParams } from '../lib/router/index.ts';
import { useResource } from '../lib/use-resource.ts';
import '../features/orders/orders.css';

export function AdvanceLinkPage() {
  const { orderNumber = '', token = '' } = useParams();
  const path = apiPath(advanceLinkApi.page.path, { orderNumber, token });
  // The server's answer in the page (the order's advance, or the refusal's words), taken once.
  const [embedded] = useState(() => takeEmbeddedAnswer<unknown>(path));
  const refused = isApiErrorBody(embedded) ? embedded.error.message : null;
  const answer = useResource<AdvanceLinkReply>(
    refused ? null : `advance-link:${path}`,
    (signal) => readAdvanceLink(orderNumber, token, signal),
    () => (embedded && !isApiErrorBody(embedded) ? (embedded as AdvanceLinkReply) : undefined),
  );
  const [changed, setChanged] = useState<AdvanceLinkOrder | null>(null);
  const order = changed ?? answer.data?.order ?? null;
  const failed = answer.error !== null && answer.errorStatus !== null && answer.errorStatus >= 400;
  const error = refused ?? (failed ? answer.error : null);

  return (
    <div className="page container narrow advance-link-page">
      <h1>{order?.advance.inFull ? 'Pay for your order' : 'Pay the advance'}</h1>
      <LoaderOverlay active={answer.loading && !order && !error} />
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : (
        <LoadError message={answer.error} onRetry={answer.reload} />
      )}
      {order && (
        <>
          <p>
            Order <span className="order-id">{order.number}</span>
          </p>
          <AdvancePanel order={order} channel={advanceLinkChannel(orderNumber, token, setChanged)} />
        </>
      )}
      <WhatsAppQuestion text={`Hello, about the advance of my order ${orderNumber}: `} />
    </div>
  );
}
