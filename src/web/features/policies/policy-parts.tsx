/** Shared bits of the policy pages: the shop's contact block and figures in words. */
import { POLICY } from '../../../common/constants.ts';
import { formatRupees } from '../../../common/money.ts';
import { PAGE } from '../../../common/page-paths.ts';
import { Link } from '../../lib/router/index.ts';
import { site } from '../../lib/site.ts';

export const FIGURES = {
  /** The shop's setting, read when a page renders (site() is per page on the server). */
  get advance() {
    return formatRupees(site().codAdvance);
  },
  exchangeHours: `${POLICY.exchangeWindowHours} hours`,
  returnDays: `${POLICY.returnWindowDays} days`,
  refundDays: `${POLICY.refundBusinessDays} business days`,
  childAge: POLICY.childAgeThreshold,
};

export function ContactBlock() {
  const shop = site();
  return (
    <address className="policy-contact">
      {shop.legalName}
      <br />
      {shop.address}
      <br />
      Phone: <a href={`tel:+91${shop.phone.slice(-10)}`}>{shop.phone}</a>
      <br />
      Email: <a href={`mailto:${shop.email}`}>{shop.email}</a>
    </address>
  );
}

export function GrievanceOfficer() {
  const officer = site().grievanceOfficer;
  return (
    <>
      <h2>Grievance officer</h2>
      <p>
        Under the Consumer Protection (E-Commerce) Rules, 2020 and the Information Technology Act, 2000, you can write
        to our grievance officer, or make a complaint on our <Link to={PAGE.contact}>contact page</Link> and get a
        ticket number. We acknowledge every complaint within 48 hours and resolve it within one month of receiving it.
      </p>
      <address className="policy-contact">
        {officer.name}, {officer.designation}
        <br />
        Phone: <a href={`tel:+91${officer.phone.slice(-10)}`}>{officer.phone}</a>
        <br />
        Email: <a href={`mailto:${officer.email}`}>{officer.email}</a>
      </address>
      <ContactBlock />
    </>
  );
}
