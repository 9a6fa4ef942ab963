/** The dashboard's complaint calls (docs/product.md#contact). */
import type { AdminComplaint, ComplaintPage, ComplaintView } from '../../../common/schemas/complaint.ts';
import { api } from '../../lib/api-client.ts';

export function listComplaints(view: ComplaintView, page: number, signal: AbortSignal): Promise<ComplaintPage> {
  return api<ComplaintPage>(`/admin/complaints?view=${view}&page=${page}`, { signal });
}

export function answerComplaint(ticket: string, note: string): Promise<{ complaint: AdminComplaint }> {
  return api<{ complaint: AdminComplaint }>(`/admin/complaints/${encodeURIComponent(ticket)}/answer`, {
    method: 'POST',
    body: { note },
  });
}
