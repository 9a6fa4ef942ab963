/** The complaint form's call (docs/product.md#contact). */
import type { ComplaintCreated, ComplaintInput } from '../../../common/schemas/complaint.ts';
import { api } from '../../lib/api-client.ts';

export function fileComplaint(input: ComplaintInput): Promise<ComplaintCreated> {
  return api<ComplaintCreated>('/complaints', { method: 'POST', body: input });
}
