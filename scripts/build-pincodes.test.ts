import { describe, expect, it } from 'vitest';
import { reduce } from './build-pincodes.ts';

describe('reducing the pincode package', () => {
  it('keeps one district per pincode (the one most of its offices are in) and fixes state spellings', () => {
    const office = (pincode: number, district: string, state: string) => ({ pincode, district, state });
    const rows = reduce([
      office(110001, 'Central Delhi', 'Delhi'),
      office(110001, 'Central Delhi', 'Delhi'),
      office(110001, 'New Delhi', 'Delhi'),
      office(492001, 'Raipur', 'Chattisgarh'),
      office(12, 'Bad', 'Data'),
    ]);
    expect(rows).toEqual([
      ['Central Delhi', 'Delhi', '110001'],
      ['Raipur', 'Chhattisgarh', '492001'],
    ]);
  });
});
