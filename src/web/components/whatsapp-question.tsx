import { whatsappLink } from '../../common/site.ts';
import { site } from '../lib/site.ts';

/** "Questions? Message us on WhatsApp" under a page reached by a message's link, with `text` ready to send. */
export function WhatsAppQuestion({ text }: { text: string }) {
  return (
    <p>
      Questions?{' '}
      <a href={whatsappLink(site().whatsapp, text)} target="_blank" rel="noopener noreferrer">
        Message us on WhatsApp
      </a>
    </p>
  );
}
