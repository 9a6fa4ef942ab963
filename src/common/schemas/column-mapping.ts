/**
 * A CSV layout we do not know, mapped once by the owner (docs/product.md "The books: advances from
 * the bank statement", "COD remittance"; docs/decisions/047-remittance-layouts-mapped-once.md): the
 * upload's answer asking for it, and the owner's choice of which header holds what. One shape for
 * the bank statement and the courier's remittance report, each naming its own roles.
 */
import { z } from 'zod';

/** An upload's answer when its header is unknown: the header as the file wrote it, and the first rows under it. */
export const needsMappingSchema = z.object({
  kind: z.literal('needs-mapping'),
  fileName: z.string(),
  header: z.array(z.string()),
  sample: z.array(z.array(z.string())),
});
export type NeedsMapping = z.infer<typeof needsMappingSchema>;

const headerName = z.string('Please choose a column').trim().min(1, 'Please choose a column').max(120);
const optionalHeader = z.string().trim().max(120).default('');

/**
 * The owner's mapping of one header row: each required role names a column of it, each optional
 * role a column or ''; no column holds two roles (the message goes on the last required role).
 */
export function columnMappingInput<R extends string, O extends string>(required: readonly R[], optional: readonly O[]) {
  const roles = [...required, ...optional];
  const shape = {
    header: z.array(z.string().max(120)).min(required.length, 'The header row has too few columns').max(60),
    ...(Object.fromEntries(required.map((r) => [r, headerName])) as Record<R, typeof headerName>),
    ...(Object.fromEntries(optional.map((o) => [o, optionalHeader])) as Record<O, typeof optionalHeader>),
  };
  return z.object(shape).superRefine((v, ctx) => {
    const values = v as unknown as Record<string, string> & { header: string[] };
    const named = new Set(values.header.map((h) => h.trim()));
    for (const role of roles) {
      if (values[role] !== '' && !named.has(values[role]!)) {
        ctx.addIssue({ code: 'custom', message: 'Please choose a column of this header row', path: [role] });
      }
    }
    const chosen = roles.map((r) => values[r]).filter(Boolean);
    if (new Set(chosen).size !== chosen.length) {
      ctx.addIssue({ code: 'custom', message: 'Each column can hold one thing only', path: [required.at(-1)!] });
    }
  });
}
