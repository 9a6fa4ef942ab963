import { useEffect, useState } from 'react';
import type { AccountProof, ProofLink } from '../../common/schemas/whatsapp.ts';
import { whatsappApi } from '../../common/whatsapp-api.ts';
import { PROOF_DONE, PROOF_HINT, PROOF_LINK_LABEL } from '../../common/whatsapp-proof.ts';
import { call, errorMessage } from '../lib/api-client.ts';
import './whatsapp-consent-box.css';

/**
 * "Get updates on WhatsApp" (docs/whatsapp.md#numbers-proven-first): the link that opens WhatsApp
 * on the shop's number with the one-time code filled in; the shopper presses send from their own
 * number, which proves it. Until then nothing goes to that number. Once proven: "WhatsApp updates on".
 */
export function WhatsAppProofLink({
  proven,
  proof,
  hint = PROOF_HINT,
}: {
  proven: boolean;
  proof: ProofLink | null;
  hint?: string;
}) {
  if (proven) {
    return (
      <p className="wa-proof wa-proof-done" role="status">
        <span aria-hidden="true">✓</span> {PROOF_DONE}
      </p>
    );
  }
  if (!proof) return null;
  return (
    <div className="wa-proof">
      <a className="btn wa-proof-link" href={proof.link} target="_blank" rel="noopener noreferrer">
        {PROOF_LINK_LABEL}
      </a>
      <p className="wa-proof-hint">
        {hint} Your code: <strong>{proof.code}</strong>
      </p>
    </div>
  );
}

/**
 * The logged-in shopper's number: proven, or its link. Asked for when shown, and again when the
 * shopper comes back to the page from WhatsApp (the same live code comes back, so this is cheap).
 */
export function AccountWhatsAppProof() {
  const [state, setState] = useState<AccountProof | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ask = () =>
      call(whatsappApi.proof)
        .then((next) => {
          setState(next);
          setError(null);
        })
        .catch((err) => setError(errorMessage(err)));
    ask();
    window.addEventListener('focus', ask);
    return () => window.removeEventListener('focus', ask);
  }, []);
  if (error) return <p className="wa-proof-hint">{error}</p>;
  if (!state) return null;
  return <WhatsAppProofLink proven={state.proven} proof={state.proof} />;
}
