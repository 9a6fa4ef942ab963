import { useLocation } from 'react-router';

/** Static policy pages (SPEC §2); texts follow in the storefront work. */
export type PolicySlug =
  | 'terms-and-conditions'
  | 'privacy-policy'
  | 'return-and-refund-policy'
  | 'user-generated-content-policy'
  | 'disclaimer';

const TITLES: Record<PolicySlug, string> = {
  'terms-and-conditions': 'Terms and Conditions',
  'privacy-policy': 'Privacy Policy',
  'return-and-refund-policy': 'Return and Refund Policy',
  'user-generated-content-policy': 'User Generated Content Policy',
  disclaimer: 'Disclaimer',
};

export function PolicyPage() {
  const slug = useLocation().pathname.slice(1) as PolicySlug;
  return (
    <div className="page container narrow">
      <h1>{TITLES[slug] ?? 'Policy'}</h1>
    </div>
  );
}
