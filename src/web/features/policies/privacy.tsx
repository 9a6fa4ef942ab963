import { PAGE } from '../../../common/page-paths.ts';
import { Link } from '../../lib/router/index.ts';
import { FIGURES, GrievanceOfficer } from './policy-parts.tsx';

export function Privacy({ shop }: { shop: string }) {
  return (
    <>
      <p>
        This policy explains what personal data {shop} collects, why, and your rights under the Digital Personal Data
        Protection Act, 2023 and the Information Technology Act, 2000.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, mobile number, email address and delivery addresses.</li>
        <li>Orders: the products, quantities, prices, delivery address and order status.</li>
        <li>Your cart, and which products you viewed while logged in, to show you what you looked at.</li>
        <li>Messages you send us on WhatsApp or by email.</li>
      </ul>
      <p>
        Passwords are stored only as a salted one-way hash; we cannot read them. We do not collect card or UPI details:
        we only accept cash on delivery.
      </p>
      <h2>Why we use it</h2>
      <p>
        To deliver your orders, contact you about them, keep your account working, prevent fraud, and meet our legal
        duties (for example, tax records). We do not sell your data.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Courier partners get the name, phone number and address needed for delivery. Our hosting provider stores the
        data for us. We share data with authorities only when the law requires it.
      </p>
      <h2>Cookies</h2>
      <p>
        We use one essential cookie to keep you logged in. It holds a random token, not your details. We use no
        advertising or tracking cookies.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account is open. Order records, with the name, phone number and delivery address
        each order was placed with, are kept as long as GST law requires: 72 months after the annual return of that year
        (about 7 to 8 years). Other data is deleted when it is no longer needed.
      </p>
      <h2>Your rights</h2>
      <p>
        When logged in you can do these yourself: edit your name, number, email and addresses on the profile page;
        change your password; download all the data we keep about you as a file; and delete your account with your
        password (<Link to={PAGE.yourData}>Your data</Link>). Deleting removes your name, email, addresses, password,
        cart and log-ins at once; your past orders stay only as tax records. You can also ask us to see, correct or
        delete your data, or withdraw consent, by writing to our grievance officer.
      </p>
      <h2>Children</h2>
      <p>
        Our website is not meant for children under {FIGURES.childAge}. We do not knowingly collect their data; a parent
        who believes we have should contact us and we will delete it.
      </p>
      <GrievanceOfficer />
    </>
  );
}
