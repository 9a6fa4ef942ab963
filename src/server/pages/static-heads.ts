/** Descriptions of the fixed pages: search, the policy pages and contact (their titles: common/page-titles.ts). */
import type { FastifyInstance } from 'fastify';
import { PAGE } from '../../common/page-paths.ts';
import { fixedTitle } from '../../common/page-titles.ts';
import type { PageHead } from './head.ts';

const PAGES: Record<string, { description: string }> = {
  [PAGE.explore]: { description: 'Search our watches by brand, model, colour or movement.' },
  [PAGE.terms]: {
    description: 'The terms for ordering watches from our shop: cash on delivery, advance, exchange and delivery.',
  },
  [PAGE.privacy]: {
    description: 'What we collect when you shop with us, why, and how you can see or delete it.',
  },
  [PAGE.refunds]: {
    description: 'How exchanges, returns and refunds work for watches bought from our shop.',
  },
  '/user-generated-content-policy': {
    description: 'The rules for reviews, photos and messages you share with our shop.',
  },
  '/disclaimer': { description: 'Important information about our products, prices and website.' },
  [PAGE.reviewsPolicy]: {
    description: 'Who can review our watches, which reviews we publish and reject, and how long it takes.',
  },
  [PAGE.contact]: {
    description: 'Our address, customer care, grievance officer, and a form to make a complaint with a ticket number.',
  },
};

export async function staticHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const page = PAGES[path];
  const title = fixedTitle(path, app.config.shop.name);
  if (!page || !title) return null;
  return {
    title,
    description: page.description,
    canonicalPath: path,
    type: 'website',
  };
}
