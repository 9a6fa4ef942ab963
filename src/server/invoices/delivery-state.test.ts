import { describe, expect, it } from 'vitest';
import { composeAddress } from '../../common/account-rules.ts';
import { deliveryState, stateFromName, stateFromPincode } from './delivery-state.ts';

const code = (address: string) => deliveryState(address)?.code ?? null;

describe('the delivery state of an address (place of supply)', () => {
  it('reads the checkout’s one-line address by its pincode', () => {
    const address = composeAddress({
      room: '12',
      building: 'Lotus Residency',
      landmark: 'City Mall',
      city: 'Pune',
      pincode: '411001',
      state: 'Maharashtra',
    });
    expect(code(address)).toBe('27');
    expect(code('8, Rose Villa, near Temple, Chennai - 600001, Tamil Nadu')).toBe('33');
    expect(code('Flat 3, MG Road, Bengaluru 560 001')).toBe('29');
  });

  it('trusts the pincode over a state name typed wrongly', () => {
    expect(code('4, Park Street, Kolkata - 700016, Maharashtra')).toBe('19');
  });

  it('mends the directory’s old union territories', () => {
    expect(stateFromPincode('Main Bazaar, Leh - 194101')?.code).toBe('38');
    expect(stateFromPincode('Near jetty, Daman - 396210')?.code).toBe('26');
    expect(stateFromPincode('Silvassa - 396230')?.code).toBe('26');
  });

  it('else reads a state’s name at the end of a free-text address', () => {
    expect(code('House 5, Sector 21, Gurugram, Haryana')).toBe('06');
    expect(code('House 5, Bhubaneswar, Orissa, India.')).toBe('21');
    expect(code('12 Beach Road, Pondicherry')).toBe('34');
    expect(code('Villa 9, Candolim, North Goa, goa 403999')).toBe('30');
    expect(stateFromName('Plot 4, Dadra and Nagar Haveli and Daman and Diu')?.code).toBe('26');
    // A word that merely ends in a state's name is no state.
    expect(stateFromName('Shop 3, Bhigoa')).toBeNull();
  });

  it('answers null when neither the pincode nor the last words name a state', () => {
    expect(code('Flat 3, MG Road, near the big temple')).toBeNull();
    expect(code('Room 9, Sunrise Apartments, 999999')).toBeNull();
  });
});
