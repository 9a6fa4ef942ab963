/**
 * The bank statement screen's calls (src/common/statement-api.ts). The import sends the CSV as
 * multipart FormData (field "statement"), which `api` passes to fetch as it is; the mapping goes
 * through `call`.
 */
import { apiPath, type ReplyOf } from '../../../common/api-contract.ts';
import type { StatementLayoutInput } from '../../../common/schemas/statement.ts';
import { statementApi } from '../../../common/statement-api.ts';
import { api, call } from '../../lib/api-client.ts';

export function importStatement(file: File): Promise<ReplyOf<typeof statementApi.import>> {
  const form = new FormData();
  form.append('statement', file, file.name);
  return api(apiPath(statementApi.import.path, {}), { method: statementApi.import.method, body: form });
}

export function saveStatementLayout(body: StatementLayoutInput): Promise<void> {
  return call(statementApi.saveLayout, { body });
}
