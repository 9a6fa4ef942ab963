import { PROOF_AFTER_SIGNUP } from '../../common/whatsapp-proof.ts';
import { site } from '../lib/site.ts';
import { AccountWhatsAppProof } from './whatsapp-proof.tsx';
import './whatsapp-consent-box.css';

/**
 * The explicit, unticked "Send my order updates on WhatsApp" box of sign-up and checkout
 * (docs/whatsapp.md#consent). Shown only when the shop has WhatsApp set up; nothing is ticked for
 * the shopper. Ticked, it says how the number is proven (docs/whatsapp.md#numbers-proven-first):
 * at sign-up, that the link comes once the account exists; for a logged-in shopper, the link itself.
 */
export function WhatsAppConsentBox({
  id,
  checked,
  onChange,
  disabled,
  proof,
  name,
}: {
  id: string;
  /** The field's name when the form may be posted without the script (common/account-forms.ts). */
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** 'signup': no account yet, so the words only; 'account': the logged-in shopper's link. */
  proof: 'signup' | 'account';
}) {
  if (!site().whatsappUpdates) return null;
  return (
    <div className="wa-consent">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>Send my order updates on WhatsApp</label>
      <p id={`${id}-hint`} className="wa-consent-hint">
        Confirm your order and follow it on WhatsApp. Reply STOP at any time, or turn it off in your account.
        {checked && proof === 'signup' ? ` ${PROOF_AFTER_SIGNUP}` : ''}
      </p>
      {checked && proof === 'account' && <AccountWhatsAppProof />}
    </div>
  );
}
