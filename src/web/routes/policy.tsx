/** The five policy pages (docs/product.md#policy-pages), written for an Indian shop; figures from one place. */
import { type ComponentType, useEffect } from 'react';
import { POLICY_PAGES } from '../features/policies/policies.ts';
import { Link, useLocation } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
import { StaticPart } from '../lib/static-part.tsx';
import '../features/policies/policy.css';
import { PAGE } from '../../common/page-paths.ts';

export function PolicyPage() {
  const { pathname } = useLocation();
  const page = POLICY_PAGES[pathname] ?? POLICY_PAGES[PAGE.terms];
  const shop = site().name;
  // Top of the page whenever another policy opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);
  if (!page) return null;
  const { Body } = page;
  return (
    <div className="page container narrow">
      <article className="policy">
        <h1>{page.title}</h1>
        {/* Text and links only: the server's HTML, never hydrated (decision 067). */}
        <StaticPart>
          <PolicyText Body={Body} shop={shop} />
        </StaticPart>
        <nav className="policy-links" aria-label="Other policies">
          {Object.entries(POLICY_PAGES)
            .filter(([path]) => path !== pathname)
            .map(([path, p]) => (
              <Link key={path} to={path} className="chip">
                {p.title}
              </Link>
            ))}
        </nav>
      </article>
    </div>
  );
}

/** One element around the policy's text, as a StaticPart needs (lib/static-part.tsx). */
function PolicyText({ Body, shop }: { Body: ComponentType<{ shop: string }>; shop: string }) {
  return (
    <div className="policy-text">
      <Body shop={shop} />
    </div>
  );
}
