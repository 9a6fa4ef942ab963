/** Hindi and Hinglish query words (shopper-words.ts), as a search reads them and as it answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { addProduct } from '../../test-support/products.ts';
import { queryWords } from './words.ts';

describe('Hindi and Hinglish query words', () => {
  it.each([
    ['घड़ी', []],
    ['ghadi', []],
    ['mard ghadi', ['men']],
    ['आदमी की घड़ी', ['men']],
    ['लेडीज़ watch', ['women']],
    ['ladies', ['women']],
    ['सोना', ['gold']],
    ['sone ki ghadi', ['gold']],
    ['kala wali ghadi', ['black']],
    ['काला', ['black']],
    ['kaali rolex', ['black', 'rolex']],
    ['Rolex Submariner', ['rolex', 'submariner']],
  ])('reads “%s” as %j', (query, words) => {
    expect(queryWords(query)).toEqual(words);
  });

  describe('in the store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await addProduct(t.app.db, { name: 'Rado Captain Cook Gold Dial', brand: 'Rado', category: 'men watch' });
      await addProduct(t.app.db, { name: 'Fossil Jacqueline Black', brand: 'Fossil', category: 'women watch' });
    });
    afterAll(async () => t.close());
    const names = async (q: string) =>
      (
        (await t.app.inject({ method: 'GET', url: `/api/products/search?q=${encodeURIComponent(q)}` })).json()
          .items as Array<{ name: string }>
      ).map((p) => p.name);

    it('finds the same watches for the Hindi, the Hinglish and the English word', async () => {
      expect(await names('सोने की घड़ी')).toEqual(await names('gold'));
      expect(await names('सोने की घड़ी')).toContain('Rado Captain Cook Gold Dial');
      expect(await names('ladies kaali ghadi')).toEqual(['Fossil Jacqueline Black']);
      expect(await names('mard ki sone wali ghadi')).toEqual(['Rado Captain Cook Gold Dial']);
      expect(await names('काली लेडीज़ घड़ी')).toEqual(['Fossil Jacqueline Black']);
    });
  });
});
