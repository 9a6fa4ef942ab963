/** The calls of the account-rights screens (docs/product.md#account-rights). */
import { accountApi } from '../../../common/account-api.ts';
import { dataExportFileName } from '../../../common/data-export.ts';
import type { PasswordChangeInput, ResetLinkInfo } from '../../../common/schemas/account-rights.ts';
import { call } from '../../lib/api-client.ts';
import { site } from '../../lib/site.ts';

export function changePassword(input: PasswordChangeInput): Promise<void> {
  return call(accountApi.changePassword, { body: input });
}

export function deleteAccount(password: string): Promise<void> {
  return call(accountApi.deleteAccount, { body: { password } });
}

export function readResetLink(token: string, signal: AbortSignal): Promise<ResetLinkInfo> {
  return call(accountApi.resetLink, { params: { token }, signal });
}

export function setPasswordByLink(token: string, password: string): Promise<void> {
  return call(accountApi.useResetLink, { params: { token }, body: { password } });
}

/**
 * Fetches the shopper's data and hands it to the browser as a file. Through the
 * API client (not a plain link), so a failure is a message on the screen, not
 * a file holding an error.
 */
export async function downloadMyData(): Promise<void> {
  const data = await call(accountApi.exportData);
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
