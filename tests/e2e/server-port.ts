/**
 * Which journey server this process belongs to. The servers (tests/e2e/server.ts) get E2E_PORT
 * from playwright.config.ts; a journey reads its project's baseURL port, which the worker fixture
 * in test.ts sets as E2E_SERVER_PORT (the "services" project talks to a second server, with the
 * fake Shiprocket and WhatsApp). The mailbox and the WhatsApp inbox are kept per port.
 */
export function serverPort(): string {
  return process.env.E2E_SERVER_PORT ?? process.env.E2E_PORT ?? '3199';
}
