/** The COD RULES screen's calls (src/common/cod-rules-api.ts). */
import type { CodRules } from '../../../common/cod-rules.ts';
import { codRulesApi } from '../../../common/cod-rules-api.ts';
import type { CodRulesReply, CodRulesReport } from '../../../common/schemas/cod-rules.ts';
import { call } from '../../lib/api-client.ts';

export function loadCodRules(): Promise<CodRulesReply> {
  return call(codRulesApi.rules, {});
}

export function saveCodRules(body: CodRules): Promise<CodRulesReply> {
  return call(codRulesApi.save, { body });
}

export function loadCodRulesReport(from: string, to: string): Promise<CodRulesReport> {
  return call(codRulesApi.report, { query: { from, to } });
}
