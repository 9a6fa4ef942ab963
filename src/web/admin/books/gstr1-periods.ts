/** The periods the GST returns screen offers: the last 15 months and the last 5 quarters of the financial year. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface PeriodChoice {
  key: string;
  label: string;
}

/** `now` in India: the month the shop is in. */
export function periodChoices(now: number): PeriodChoice[] {
  const india = new Date(now + 5.5 * 3_600_000);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth();
  const choices: PeriodChoice[] = [];
  for (let i = 0; i < 15; i++) {
    const d = new Date(Date.UTC(year, month - i, 1));
    choices.push({
      key: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
      label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    });
  }
  // The quarter we are in (Q1 April-June), then the four before it.
  let fy = month >= 3 ? year : year - 1;
  let q = Math.floor(((month + 9) % 12) / 3) + 1;
  for (let i = 0; i < 5; i++) {
    choices.push({
      key: `${fy}-${String((fy + 1) % 100).padStart(2, '0')}-Q${q}`,
      label: `Q${q} ${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
    });
    q -= 1;
    if (q === 0) {
      q = 4;
      fy -= 1;
    }
  }
  return choices;
}
