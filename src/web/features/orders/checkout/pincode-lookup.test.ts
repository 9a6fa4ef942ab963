import { describe, expect, it } from 'vitest';
import { parseDirectory } from '../../../../common/pincode-directory.ts';
import { lookupPincode } from './pincode-lookup.ts';

describe('the offline pincode directory', () => {
  it('fills city and state for pincodes across India', async () => {
    expect(await lookupPincode('400001')).toEqual({ district: 'Mumbai', state: 'Maharashtra' });
    expect(await lookupPincode('110001')).toEqual({ district: 'Central Delhi', state: 'Delhi' });
    expect(await lookupPincode('560001')).toMatchObject({ state: 'Karnataka' });
    expect(await lookupPincode('700001')).toMatchObject({ state: 'West Bengal' });
    expect(await lookupPincode('492001')).toMatchObject({ state: 'Chhattisgarh' });
  });

  it('answers null for a pincode it does not know', async () => {
    expect(await lookupPincode('999999')).toBeNull();
    expect(await lookupPincode('12345')).toBeNull();
  });

  it('skips malformed lines', () => {
    const map = parseDirectory('Pune|Maharashtra|411001 411002\nbroken line\n\n');
    expect(map.get('411002')).toEqual({ district: 'Pune', state: 'Maharashtra' });
    expect(map.size).toBe(2);
  });
});
