/** A count with its noun in the right number: "1 credit note", "2 credit notes", "0 invoices". */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
