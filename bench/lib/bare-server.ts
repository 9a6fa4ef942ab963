/**
 * The "limit" beside the store: a bare Fastify server that answers every GET
 * with bytes read once into memory (the store's own response body and headers
 * that shape it). What the store adds on top of this is its real work:
 * routing, validation, the database, serialisation, compression, headers.
 *
 * Run as a child: node --import tsx bench/lib/bare-server.ts <port> <file.json>
 * where the file maps a path to { contentType, contentEncoding?, bodyBase64 }.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface Canned {
  contentType: string;
  contentEncoding?: string;
  bodyBase64: string;
}

const [port, file] = process.argv.slice(2);
const canned = JSON.parse(readFileSync(file as string, 'utf8')) as Record<string, Canned>;
const app = Fastify({ logger: false });

for (const [path, answer] of Object.entries(canned)) {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  app.get(path, async (_request, reply) => {
    reply.header('content-type', answer.contentType);
    if (answer.contentEncoding) reply.header('content-encoding', answer.contentEncoding);
    return reply.send(body);
  });
}

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
