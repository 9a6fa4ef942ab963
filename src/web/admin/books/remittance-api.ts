/**
 * The COD remittance and Money at a glance screens' calls (src/common/remittance-api.ts,
 * src/common/money-api.ts). The import sends the CSV as multipart FormData (field "remittance").
 */
import { apiPath, type ReplyOf } from '../../../common/api-contract.ts';
import { moneyApi } from '../../../common/money-api.ts';
import { remittanceApi } from '../../../common/remittance-api.ts';
import type { MoneyGlance } from '../../../common/schemas/money.ts';
import type { CodCash, RemittanceLayoutInput } from '../../../common/schemas/remittance.ts';
import { api, call } from '../../lib/api-client.ts';

export function importRemittance(file: File): Promise<ReplyOf<typeof remittanceApi.import>> {
  const form = new FormData();
  form.append('remittance', file, file.name);
  return api(apiPath(remittanceApi.import.path, {}), { method: remittanceApi.import.method, body: form });
}

export function saveRemittanceLayout(body: RemittanceLayoutInput): Promise<void> {
  return call(remittanceApi.saveLayout, { body });
}

export function loadCodCash(signal?: AbortSignal): Promise<CodCash> {
  return call(remittanceApi.codCash, { signal });
}

export function loadMoney(from: string, to: string): Promise<MoneyGlance> {
  return call(moneyApi.glance, { query: { from, to } });
}
