/**
 * The journeys' mailbox: tests/e2e/server.ts runs a real SMTP server (the
 * smtp-server package, via src/server/test-support/smtp.ts) in front of
 * the store, and writes each message it accepts as one JSON file here, so a
 * journey in another process can see what the owner and the shopper were sent.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { writeAtomically } from './atomic-file.ts';
import { serverPort } from './server-port.ts';

// One mailbox per journey server's port, so two servers (the projects of playwright.config.ts, or
// two runs on one machine with E2E_PORT) keep their mail apart.
const mailboxDir = () => resolve(import.meta.dirname, `../../test-results/e2e-mail-${serverPort()}`);

export interface MailboxMail {
  to: string[];
  subject: string;
  text: string;
}

export function clearMailbox(): void {
  rmSync(mailboxDir(), { recursive: true, force: true });
  mkdirSync(mailboxDir(), { recursive: true });
}

let written = 0;
export function deliverToMailbox(mail: MailboxMail): void {
  written += 1;
  writeAtomically(join(mailboxDir(), `${Date.now()}-${written}.json`), JSON.stringify(mail));
}

function readMailbox(): MailboxMail[] {
  let names: string[] = [];
  try {
    names = readdirSync(mailboxDir()).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(mailboxDir(), n), 'utf8')) as MailboxMail);
}

/**
 * A mail waits its turn in the outbox behind every other journey's: the worker sends one at a time
 * (notifications/worker.ts), and a journey that moves dozens of orders at once (risk-cod-rules
 * builds a shopper's history) queues a burst of a hundred or more. A clean CI run saw a step mail
 * arrive after more than 10 s behind such a burst, on both tries; so the wait is longer than
 * Playwright's 10 s for a screen, and still ends in a failure naming the mail when it never comes.
 */
const MAIL_WAIT_MS = 45_000;

/** Waits until a mail to `to` whose subject contains `subject` has arrived, and returns it. */
export async function expectMail(to: string, subject: string): Promise<MailboxMail> {
  const find = () => readMailbox().find((m) => m.to.includes(to) && m.subject.includes(subject));
  await expect
    .poll(() => find() !== undefined, { message: `a mail to ${to} about “${subject}”`, timeout: MAIL_WAIT_MS })
    .toBe(true);
  return find() as MailboxMail;
}
