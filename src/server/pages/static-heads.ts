/** Titles and descriptions of the fixed pages: search and the policy pages. */
import type { FastifyInstance } from 'fastify';
import type { PageHead } from './head.ts';

const PAGES: Record<string, { title: string; description: string }> = {
  '/explore': { title: 'Search watches', description: 'Search our watches by brand, model, colour or movement.' },
  '/terms-and-conditions': {
    title: 'Terms and conditions',
    description: 'The terms for ordering watches from our shop: cash on delivery, advance, exchange and delivery.',
  },
  '/privacy-policy': {
    title: 'Privacy policy',
    description: 'What we collect when you shop with us, why, and how you can see or delete it.',
  },
  '/return-and-refund-policy': {
    title: 'Return and refund policy',
    description: 'How exchanges, returns and refunds work for watches bought from our shop.',
  },
  '/user-generated-content-policy': {
    title: 'User-generated content policy',
    description: 'The rules for reviews, photos and messages you share with our shop.',
  },
  '/disclaimer': { title: 'Disclaimer', description: 'Important information about our products, prices and website.' },
  '/contact': {
    title: 'Contact us',
    description: 'Our address, customer care, grievance officer, and a form to make a complaint with a ticket number.',
  },
};

export async function staticHead(app: FastifyInstance, path: string): Promise<PageHead | null> {
  const page = PAGES[path];
  if (!page) return null;
  return {
    title: `${page.title} | ${app.config.shop.name}`,
    description: page.description,
    canonicalPath: path,
    type: 'website',
  };
}
