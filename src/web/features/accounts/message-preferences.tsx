import { useCallback, useEffect, useState } from 'react';
import type { MessagePreferences } from '../../../common/schemas/whatsapp.ts';
import { whatsappApi } from '../../../common/whatsapp-api.ts';
import { Message } from '../../components/message.tsx';
import { AccountWhatsAppProof } from '../../components/whatsapp-proof.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { site } from '../../lib/site.ts';
import './message-preferences.css';

/**
 * WhatsApp messages on the profile (docs/whatsapp.md#consent): order updates on or off (the
 * consent, kept with its time), offers (only with updates), and English or Hindi. Saved at once on
 * each change; only shown when the shop has WhatsApp set up. Three choices and no typed text, so
 * not the text form pattern (useForm).
 */
export function MessagePreferencesPanel() {
  const [prefs, setPrefs] = useState<MessagePreferences | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const enabled = site().whatsappUpdates === true;

  useEffect(() => {
    if (!enabled) return;
    call(whatsappApi.preferences)
      .then(setPrefs)
      .catch((err) => setNote({ text: errorMessage(err), tone: 'error' }));
  }, [enabled]);

  const save = useCallback(async (next: MessagePreferences, before: MessagePreferences) => {
    // Shown at once; put back if the server refuses.
    setPrefs(next);
    setBusy(true);
    setNote(null);
    try {
      const saved = await call(whatsappApi.setPreferences, {
        body: { whatsappUpdates: next.whatsappUpdates, offers: next.offers, language: next.language },
      });
      setPrefs(saved);
      setNote({ text: 'Saved', tone: 'success' });
    } catch (err) {
      setPrefs(before);
      setNote({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }, []);
  const clearNote = useCallback(() => setNote(null), []);

  if (!enabled) return null;
  return (
    // `needs-script`: the choices are read and saved by the app; without it the panel would stay empty.
    <section className="panel msg-prefs needs-script" aria-labelledby="msg-prefs-title">
      <h2 id="msg-prefs-title">WhatsApp messages</h2>
      {prefs && (
        <>
          <div className="msg-prefs-row">
            <input
              id="prefs-whatsapp"
              type="checkbox"
              checked={prefs.whatsappUpdates}
              disabled={busy}
              onChange={(e) =>
                save({ ...prefs, whatsappUpdates: e.target.checked, offers: prefs.offers && e.target.checked }, prefs)
              }
            />
            <label htmlFor="prefs-whatsapp">Send my order updates on WhatsApp</label>
            {prefs.whatsappUpdates && <AccountWhatsAppProof />}
          </div>
          <div className="msg-prefs-row">
            <input
              id="prefs-offers"
              type="checkbox"
              checked={prefs.offers}
              disabled={busy || !prefs.whatsappUpdates}
              onChange={(e) => save({ ...prefs, offers: e.target.checked }, prefs)}
            />
            <label htmlFor="prefs-offers">Also send offers: back in stock, a reminder of my cart</label>
          </div>
          <div className="msg-prefs-language">
            <label htmlFor="prefs-language">Language of the messages</label>
            <select
              id="prefs-language"
              value={prefs.language}
              disabled={busy}
              onChange={(e) => save({ ...prefs, language: e.target.value === 'hi' ? 'hi' : 'en' }, prefs)}
            >
              <option value="en">English</option>
              <option value="hi">हिन्दी (Hindi)</option>
            </select>
          </div>
        </>
      )}
      <Message text={note?.text ?? null} tone={note?.tone ?? 'error'} onClose={clearNote} />
    </section>
  );
}
