/** The calls of the account-rights screens (docs/product.md#account-rights). */
import { dataExportFileName } from '../../../common/data-export.ts';
import type { DataExport, PasswordChangeInput, ResetLinkInfo } from '../../../common/schemas/account-rights.ts';
import { api } from '../../lib/api-client.ts';
import { site } from '../../lib/site.ts';

export function changePassword(input: PasswordChangeInput): Promise<void> {
  return api<void>('/account/password', { method: 'PUT', body: input });
}

export function deleteAccount(password: string): Promise<void> {
  return api<void>('/account/delete', { method: 'POST', body: { password } });
}

export function readResetLink(token: string, signal: AbortSignal): Promise<ResetLinkInfo> {
  return api<ResetLinkInfo>(`/password-resets/${encodeURIComponent(token)}`, { signal });
}

export function setPasswordByLink(token: string, password: string): Promise<void> {
  return api<void>(`/password-resets/${encodeURIComponent(token)}`, { method: 'POST', body: { password } });
}

/**
 * Fetches the shopper's data and hands it to the browser as a file. Through the
 * API client (not a plain link), so a failure is a message on the screen, not
 * a file holding an error.
 */
export async function downloadMyData(): Promise<void> {
  const data = await api<DataExport>('/account/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dataExportFileName(site().name, data.exportedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
