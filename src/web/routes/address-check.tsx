/**
 * /address/{order}/{token} (docs/product.md "A doubtful address"): the link the shopper gets by
 * WhatsApp or mail when the owner marked the order's address doubtful, no log-in. It shows the
 * address as it stands and what the owner found unclear, and asks for it again in the checkout's
 * parts (the same form and rules); the corrected address replaces it before packing. The server
 * renders it with the link's answer and the form posts without JavaScript too
 * (orders/address-link-form-route.ts). A wrong or closed link says so, and no more.
 */
import { useState } from 'react';
import { ADDRESS_FIX_FORM_ID } from '../../common/address-check.ts';
import { addressLinkApi } from '../../common/address-link-api.ts';
import { apiPath } from '../../common/api-contract.ts';
import { isApiErrorBody } from '../../common/errors.ts';
import type { AddressCheckReply } from '../../common/schemas/address-check.ts';
import { LoadError } from '../components/load-error.tsx';
import { LoaderOverlay } from '../components/loader.tsx';
import { WhatsAppQuestion } from '../components/whatsapp-question.tsx';
import { AddressFormStep } from '../features/orders/checkout/address-form-step.tsx';
import { call, takeEmbeddedAnswer } from '../lib/api-client.ts';
import { useParams } from '../lib/router/index.ts';
import { useResource } from '../lib/use-resource.ts';
import '../features/orders/checkout/checkout.css';
import '../features/orders/orders.css';

export function AddressCheckPage() {
  const { orderNumber = '', token = '' } = useParams();
  const path = apiPath(addressLinkApi.page.path, { orderNumber, token });
  const [embedded] = useState(() => takeEmbeddedAnswer<unknown>(path));
  const refused = isApiErrorBody(embedded) ? embedded.error.message : null;
  const answer = useResource<AddressCheckReply>(
    refused ? null : `address-link:${path}`,
    (signal) => call(addressLinkApi.page, { params: { orderNumber, token }, signal }),
    () => (embedded && !isApiErrorBody(embedded) ? (embedded as AddressCheckReply) : undefined),
  );
  const [changed, setChanged] = useState<AddressCheckReply['order'] | null>(null);
  const order = changed ?? answer.data?.order ?? null;
  const failed = answer.error !== null && answer.errorStatus !== null && answer.errorStatus >= 400;
  const error = refused ?? (failed ? answer.error : null);
  const pagePath = `/address/${encodeURIComponent(orderNumber)}/${encodeURIComponent(token)}`;

  return (
    <div className="page container narrow address-check-page">
      <h1>Check your delivery address</h1>
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
          <section className="address-check-now" aria-label="The address we have">
            <h2>{order.doubtful ? 'The address we have' : 'Your delivery address'}</h2>
            {/* Shopper-typed text: React escapes it, and it stays one paragraph. */}
            <p className="address-check-address">{order.address}</p>
            {order.doubtful && order.note && <p className="address-check-note">What is unclear: {order.note}</p>}
          </section>
          {order.doubtful ? (
            <section aria-label="Correct the address">
              <h2>Type it again, with your house or flat number and a landmark</h2>
              <AddressFormStep
                busy={false}
                formAction={pagePath}
                formId={ADDRESS_FIX_FORM_ID}
                submitLabel="Save the corrected address"
                onSubmit={async (address) => {
                  const reply = await call(addressLinkApi.correct, {
                    params: { orderNumber, token },
                    body: { address },
                  });
                  setChanged(reply.order);
                }}
              />
            </section>
          ) : (
            <p className="message message-success" role="status">
              {order.correctedAt
                ? 'Thank you: we have your corrected address and will pack your order now.'
                : 'Nothing to correct: we will deliver to this address.'}
            </p>
          )}
        </>
      )}
      <WhatsAppQuestion text={`Hello, about the delivery address of my order ${orderNumber}: `} />
    </div>
  );
}
