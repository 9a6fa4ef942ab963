import { LISTING_TABS, listingPath } from '../../common/catalog.ts';
import { PAGE } from '../../common/page-paths.ts';
import { Link } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';

const SOCIAL = [
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.youtube.com/', label: 'YouTube' },
];

/**
 * Its landmarks are named apart from the pages' own (axe's landmark-unique): the contact
 * page has a region named after the shop, the listing a "Categories" navigation.
 */
export function Footer() {
  const shop = site();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <section aria-label={`About ${shop.name}`}>
          <h2>{shop.name}</h2>
          <p>Premium watches delivered across India. Cash on delivery with a small advance.</p>
          <ul className="footer-social">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/product">Products</Link>
            </li>
            <li>
              {/* The spec's footer uses this misspelt path; the app redirects it. */}
              <Link to="/terms-and-conditoins">Terms and conditions</Link>
            </li>
            <li>
              <Link to={PAGE.privacy}>Privacy policy</Link>
            </li>
            <li>
              <Link to="/disclaimer">Disclaimer</Link>
            </li>
            <li>
              <Link to={PAGE.reviewsPolicy}>Reviews policy</Link>
            </li>
            <li>
              <Link to={PAGE.contact}>Contact us and complaints</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="All categories">
          <h2>Categories</h2>
          <ul>
            {LISTING_TABS.filter((t) => t.category).map((t) => (
              <li key={t.label}>
                <Link to={listingPath(t.category)}>{t.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          {/* Who the shop is (E-Commerce Rules 2020, rule 4; docs/product.md#contact). */}
          <address>
            {shop.legalName}
            <br />
            {shop.address}
            <br />
            Customer care: <a href={`tel:+91${shop.phone.slice(-10)}`}>{shop.phone}</a>
            <br />
            Email: <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </address>
          <p className="footer-officer">
            Grievance officer: {shop.grievanceOfficer.name}, {shop.grievanceOfficer.designation}
            <br />
            <a href={`tel:+91${shop.grievanceOfficer.phone.slice(-10)}`}>{shop.grievanceOfficer.phone}</a>
            {' · '}
            <a href={`mailto:${shop.grievanceOfficer.email}`}>{shop.grievanceOfficer.email}</a>
          </p>
        </section>
      </div>
      <p className="footer-copy container">
        © {new Date().getFullYear()} {shop.name}. All rights reserved.
      </p>
    </footer>
  );
}
