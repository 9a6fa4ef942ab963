/** Demo platform leads: orders taken on Amazon and WhatsApp for seeded products. */
import type { Db } from '../db/tables.ts';
import { DAY, type DemoProduct } from './demo.ts';
import { chance, int, pick, type Random, seededId } from './random.ts';

const CUSTOMERS = [
  'Rohit Sharma',
  'Neha Gupta',
  'Aman Verma',
  'Pooja Iyer',
  'Karan Mehta',
  'Divya Nair',
  'Sandeep Yadav',
  'Meera Joshi',
  'Imran Khan',
  'Kavya Reddy',
  'Harpreet Singh',
  'Aditi Kulkarni',
  'Suresh Pillai',
  'Ritu Agarwal',
];

/** Adds `count` Amazon and WhatsApp orders taken outside the website. */
export async function seedLeads(
  db: Db,
  random: Random,
  products: DemoProduct[],
  now: number,
  count = 15,
): Promise<number> {
  if (products.length === 0) return 0;
  const rows = Array.from({ length: count }, () => {
    const at = Math.floor(now - random() * 30 * DAY);
    const platform = chance(random, 0.45) ? 'amazon' : 'whatsapp';
    const phone = `${int(random, 6, 9)}${String(int(random, 0, 999_999_999)).padStart(9, '0')}`;
    const product = pick(random, products);
    return {
      id: seededId(random, at),
      platform,
      // WhatsApp often gives only the number.
      customer: platform === 'whatsapp' && chance(random, 0.4) ? phone : pick(random, CUSTOMERS),
      phone,
      product_id: product.id,
      product_name: product.name,
      quantity: chance(random, 0.8) ? 1 : int(random, 2, 3),
      created_at: new Date(at).toISOString(),
      created_by: null,
    };
  });
  await db.insertInto('leads').values(rows).execute();
  return rows.length;
}
