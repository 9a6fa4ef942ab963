/**
 * COD RULES (issue 35 items 2 and 5; docs/product.md "Cash on delivery"), inside the admin guard
 * (admin/routes.ts): the rule set in force, saving a new one (refused with a 400 when it would
 * refuse cash on delivery to every order: common/cod-rules.ts rulesRefusal, in the schema), and the
 * report on screen and as CSV. A new rule set applies to orders placed after it; placed orders keep
 * what they were asked.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CodRules } from '../../common/cod-rules.ts';
import { codRulesApi } from '../../common/cod-rules-api.ts';
import { codRulesReplySchema, codRulesReportSchema, codRulesSchema } from '../../common/schemas/cod-rules.ts';
import { moneyQuerySchema } from '../../common/schemas/money.ts';
import { contractRoute } from '../http/contract-route.ts';
import { codRulesReport } from './report.ts';
import { codRulesCsv } from './report-csv.ts';
import { rulesInForce, saveRules } from './rules-queries.ts';

export const codRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const reply = (saved: { rules: CodRules; savedAt: string | null }) => ({
    rules: saved.rules,
    savedAt: saved.savedAt,
    defaultAdvance: app.config.codAdvance,
  });

  app.route({
    ...contractRoute(app, codRulesApi.rules, {
      tags: ['admin'],
      summary: 'The COD rules in force: signal weights, score to tier, each tier’s advance, holdout and freight',
      response: { 200: codRulesReplySchema },
    }),
    handler: async () => reply(await rulesInForce(app.db)),
  });

  app.route({
    ...contractRoute(app, codRulesApi.save, {
      tags: ['admin'],
      summary: 'Saves new COD rules for orders placed from now on; refuses rules that would refuse every order',
      body: codRulesSchema,
      response: { 200: codRulesReplySchema },
    }),
    handler: async (request) => reply(await saveRules(app.db, request.body, request.adminId ?? null)),
  });

  app.route({
    ...contractRoute(app, codRulesApi.report, {
      tags: ['admin'],
      summary:
        'Per tier and holdout: orders, delivered, returned, return rate with a 95% interval, rupees lost and saved, by week',
      querystring: moneyQuerySchema,
      response: { 200: codRulesReportSchema },
    }),
    handler: async (request) =>
      codRulesReport(app.db, (await rulesInForce(app.db)).rules, request.query.from, request.query.to),
  });

  app.route({
    ...contractRoute(app, codRulesApi.csv, {
      tags: ['admin'],
      summary: 'The COD rules report as CSV',
      querystring: moneyQuerySchema,
      produces: ['text/csv'],
    }),
    handler: async (request, res) => {
      const { from, to } = request.query;
      const report = await codRulesReport(app.db, (await rulesInForce(app.db)).rules, from, to);
      return res
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cod-rules-${from}-to-${to}.csv"`)
        .send(codRulesCsv(report));
    },
  });
};
