import { useEffect } from 'react';
import { whatsappLink } from '../../common/site.ts';
import { ComplaintForm } from '../features/contact/complaint-form.tsx';
import { site } from '../lib/site.ts';
import '../features/contact/contact.css';

/**
 * Contact us, /contact (docs/product.md#contact): who the shop is (E-Commerce Rules 2020,
 * rule 4: legal name, address, customer care, grievance officer) and the
 * complaint form that gives a ticket number.
 */
export function ContactPage() {
  const shop = site();
  const officer = shop.grievanceOfficer;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="page container contact">
      <h1>Contact us</h1>
      <div className="contact-grid">
        <div className="contact-details">
          <section className="panel" aria-labelledby="contact-shop-title">
            <h2 id="contact-shop-title">{shop.name}</h2>
            <dl className="contact-facts">
              <dt>Legal name</dt>
              <dd>{shop.legalName}</dd>
              <dt>Address</dt>
              <dd>{shop.address}</dd>
              <dt>Customer care</dt>
              <dd>
                <a href={`tel:+91${shop.phone.slice(-10)}`}>{shop.phone}</a>
                {' · '}
                <a
                  href={whatsappLink(shop.whatsapp, 'Hello! I have a question about my order.')}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </dd>
            </dl>
          </section>
          <section className="panel" aria-labelledby="contact-officer-title">
            <h2 id="contact-officer-title">Grievance officer</h2>
            <dl className="contact-facts">
              <dt>Name</dt>
              <dd>{officer.name}</dd>
              <dt>Designation</dt>
              <dd>{officer.designation}</dd>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:+91${officer.phone.slice(-10)}`}>{officer.phone}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${officer.email}`}>{officer.email}</a>
              </dd>
            </dl>
            <p className="contact-note">
              Under the Consumer Protection (E-Commerce) Rules, 2020, we acknowledge every complaint within 48 hours and
              resolve it within one month.
            </p>
          </section>
        </div>
        <ComplaintForm />
      </div>
    </div>
  );
}
