/** The policy pages by path (docs/product.md#policy-pages); each text reads its figures from POLICY (#better-13). */
import type { ComponentType } from 'react';
import { Disclaimer } from './disclaimer.tsx';
import { Privacy } from './privacy.tsx';
import { Refund } from './refund.tsx';
import { Terms } from './terms.tsx';
import { UserContent } from './ugc.tsx';

export interface PolicyPage {
  title: string;
  Body: ComponentType<{ shop: string }>;
}

export const POLICY_PAGES: Record<string, PolicyPage> = {
  '/terms-and-conditions': { title: 'Terms and conditions', Body: Terms },
  '/privacy-policy': { title: 'Privacy policy', Body: Privacy },
  '/return-and-refund-policy': { title: 'Return and refund policy', Body: Refund },
  '/user-generated-content-policy': { title: 'User-generated content policy', Body: UserContent },
  '/disclaimer': { title: 'Disclaimer', Body: Disclaimer },
};
