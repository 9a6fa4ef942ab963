/**
 * The UPI payment link (common/advance.ts upiPayLink): NPCI's UPI Linking Specifications 1.6,
 * section 2.1, write the payee address with its "@" as it is; every other character that a
 * URI's query could misread stays percent-encoded.
 */
import { describe, expect, it } from 'vitest';
import { upiPayLink } from './advance.ts';

describe('upiPayLink', () => {
  it('keeps the "@" of the payee address, as the specification’s own samples do', () => {
    const link = upiPayLink({ id: 'timesquare@okaxis', name: 'Time Square Watches' }, 'TSW-10427', 300);
    expect(link).toBe(
      'upi://pay?pa=timesquare@okaxis&pn=Time%20Square%20Watches&am=300.00&cu=INR&tn=TSW-10427&tr=TSW-10427',
    );
  });

  it('still encodes "@", "&", "=", "#", "+", spaces and markup in every other value', () => {
    const link = upiPayLink({ id: 'shop@okaxis', name: 'A&B = C #1 + <b>@home</b>' }, 'TSW-1', 300);
    expect(link).toContain('pn=A%26B%20%3D%20C%20%231%20%2B%20%3Cb%3E%40home%3C%2Fb%3E&am=');
    const params = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(params.get('pa')).toBe('shop@okaxis');
    expect(params.get('pn')).toBe('A&B = C #1 + <b>@home</b>');
  });

  it('encodes anything else a payee address could hold, so the link cannot be split', () => {
    const link = upiPayLink({ id: 'a&pn=x@bank', name: 'N' }, 'TSW-1', 300);
    expect(link.startsWith('upi://pay?pa=a%26pn%3Dx@bank&pn=N&')).toBe(true);
  });
});
