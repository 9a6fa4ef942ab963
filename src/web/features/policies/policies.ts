/** The policy pages by path (docs/product.md#policy-pages); each text reads its figures from POLICY (#better-13). */
import type { ComponentType } from 'react';
import { PAGE } from '../../../common/page-paths.ts';
import { POLICY_TITLES } from '../../../common/page-titles.ts';
import { Disclaimer } from './disclaimer.tsx';
import { Privacy } from './privacy.tsx';
import { Refund } from './refund.tsx';
import { ReviewsPolicy } from './reviews.tsx';
import { Terms } from './terms.tsx';
import { UserContent } from './ugc.tsx';

export interface PolicyPage {
  title: string;
  Body: ComponentType<{ shop: string }>;
}

export const POLICY_PAGES: Record<string, PolicyPage> = {
  [PAGE.terms]: { title: POLICY_TITLES['terms-and-conditions'], Body: Terms },
  [PAGE.privacy]: { title: POLICY_TITLES['privacy-policy'], Body: Privacy },
  [PAGE.refunds]: { title: POLICY_TITLES['return-and-refund-policy'], Body: Refund },
  '/user-generated-content-policy': { title: POLICY_TITLES['user-generated-content-policy'], Body: UserContent },
  '/disclaimer': { title: POLICY_TITLES.disclaimer, Body: Disclaimer },
  [PAGE.reviewsPolicy]: { title: POLICY_TITLES['reviews-policy'], Body: ReviewsPolicy },
};
