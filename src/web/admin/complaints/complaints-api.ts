/** The dashboard's complaint calls (docs/product.md#contact; src/common/complaint-api.ts). */
import { complaintApi } from '../../../common/complaint-api.ts';
import type { AnsweredComplaint, ComplaintPage, ComplaintView } from '../../../common/schemas/complaint.ts';
import { call } from '../../lib/api-client.ts';

export function listComplaints(view: ComplaintView, page: number, signal: AbortSignal): Promise<ComplaintPage> {
  return call(complaintApi.list, { query: { view, page }, signal });
}

export function answerComplaint(ticket: string, note: string): Promise<AnsweredComplaint> {
  return call(complaintApi.answer, { params: { ticket }, body: { note } });
}
