import { FIGURES, GrievanceOfficer } from './policy-parts.tsx';

export function UserContent({ shop }: { shop: string }) {
  return (
    <>
      <p>
        Reviews, photos, videos and messages you share with {shop} (on this website, WhatsApp or our social pages) are
        “user content”. This policy sets out the rules for it.
      </p>
      <h2>What you may share</h2>
      <ul>
        <li>Honest reviews and photos of watches you bought from us.</li>
        <li>Content you own or have permission to share.</li>
      </ul>
      <h2>What you may not share</h2>
      <ul>
        <li>Anything unlawful, abusive, hateful, obscene or defamatory.</li>
        <li>Someone else’s personal details, or photos of people without their consent.</li>
        <li>Content that copies another person’s work or trademark, advertising, or spam.</li>
        <li>Content by or about children under {FIGURES.childAge} without a parent’s consent.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        By sending us content for publication you allow us to show it on our website and social pages, without payment,
        with your first name and city. You keep ownership and can ask us to remove it at any time.
      </p>
      <h2>Removal</h2>
      <p>
        We may remove content that breaks these rules. To report content, write to our grievance officer; we act on
        valid reports within 36 hours as the Information Technology (Intermediary Guidelines) Rules, 2021 expect.
      </p>
      <GrievanceOfficer />
    </>
  );
}
