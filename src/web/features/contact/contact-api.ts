/** The complaint form's call (docs/product.md#contact; src/common/complaint-api.ts). */
import { complaintApi } from '../../../common/complaint-api.ts';
import type { ComplaintCreated, ComplaintInput } from '../../../common/schemas/complaint.ts';
import { call } from '../../lib/api-client.ts';

export function fileComplaint(input: ComplaintInput): Promise<ComplaintCreated> {
  return call(complaintApi.file, { body: input });
}
