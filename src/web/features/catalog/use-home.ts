/** GET /api/home: latest 4, category counts and the home content in one call. */
import { catalogApi, HOME_API_PATH } from '../../../common/catalog-api.ts';
import type { HomeResponse } from './types.ts';
import { useCatalogAnswer } from './use-catalog-answer.ts';

export type HomeData = HomeResponse;

export function useHome() {
  return useCatalogAnswer(catalogApi.home, HOME_API_PATH);
}
