/**
 * The page a refused form post answers with (common/account-forms.ts PostedForm;
 * docs/decisions/055-account-forms-rendered-and-posted.md): the form's own page, rendered like
 * any page with the refusal embedded as one more answer, sent with the refusal's status and
 * never kept (it holds what one shopper typed). The web app's shell (shell.ts) fills `send` when
 * there is a built app; without one only the API is served, and a refusal is the API's error.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageAnswer } from './head.ts';

export interface FormPage {
  /** The page's path: its head and screen. */
  path: string;
  status: number;
  answers: PageAnswer[];
}

export interface FormPages {
  send: ((request: FastifyRequest, reply: FastifyReply, page: FormPage) => Promise<FastifyReply>) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    formPages: FormPages;
  }
}

export function registerFormPages(app: FastifyInstance): void {
  app.decorate('formPages', { send: null });
}
