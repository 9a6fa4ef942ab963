/**
 * The GST state codes: the two-digit codes of the GST portal's state list (a GSTIN's first two digits;
 * the place of supply printed on an invoice, docs/product.md#invoice). 25 (Daman and Diu) was merged into
 * 26 in January 2020, and 28 is Andhra Pradesh before Telangana was formed: neither is given to new
 * supplies, so neither is here. 97 is "Other Territory" (offshore areas), 99 the Centre's jurisdiction.
 */
export interface GstState {
  code: string;
  name: string;
}

export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
  { code: '99', name: 'Centre Jurisdiction' },
];

/** Older or other spellings people type at the end of an address, and the pincode directory's older UT names. */
const ALIASES: Record<string, string> = {
  'jammu & kashmir': '01',
  'j&k': '01',
  uttaranchal: '05',
  'new delhi': '07',
  'nct of delhi': '07',
  orissa: '21',
  chattisgarh: '22',
  'dadra and nagar haveli': '26',
  'dadra & nagar haveli': '26',
  'daman and diu': '26',
  'daman & diu': '26',
  pondicherry: '34',
  'andaman & nicobar islands': '35',
  'andaman and nicobar': '35',
  'andaman & nicobar': '35',
};

const byCode = new Map(GST_STATES.map((s) => [s.code, s]));
const byName = new Map<string, GstState>([
  ...GST_STATES.map((s) => [s.name.toLowerCase(), s] as const),
  ...Object.entries(ALIASES).map(([alias, code]) => [alias, byCode.get(code)!] as const),
]);

/** Every spelling read (lower case) and its state: the official names and the ALIASES. */
export const STATE_SPELLINGS: ReadonlyArray<readonly [string, GstState]> = [...byName];

export function gstStateByCode(code: string): GstState | null {
  return byCode.get(code) ?? null;
}

/** The state named exactly (any case, spaces squeezed), or one of its other spellings; null for anything else. */
export function gstStateByName(name: string): GstState | null {
  return byName.get(name.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}

/** "Karnataka (29)": how invoices print a state. */
export function stateWithCode(state: GstState): string {
  return `${state.name} (${state.code})`;
}
