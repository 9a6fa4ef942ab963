/**
 * A response body made once and sent many times: a cached catalogue answer
 * (cached-json.ts) or a rendered page (pages/sent-pages.ts). It is encoded as
 * UTF-8 once and compressed at most once per encoding, so sending it again
 * costs neither (docs/decisions/010-catalog-answer-cache.md, 022-server-rendering.md).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bodies smaller than this are sent as they are, here and by @fastify/compress (app.ts). */
export const COMPRESS_THRESHOLD = 1024;
type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Made on a request that found nothing kept (a page's first request, every search's answer),
// so it must be quick as well as dense. On a 147 KB listing page brotli 5 takes about 2 ms
// for 10.4 KB, brotli 9 about 12 ms for 10.2 KB; gzip 6 about 1 ms for 13.3 KB
// (docs/decisions/023-time-limits-and-page-cache-keys.md).
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
const compressors: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  gzip: (body) => gzip(body, { level: GZIP_LEVEL }),
};

export class CachedBody {
  readonly body: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private utf8: Buffer | undefined;

  constructor(body: string) {
    this.body = body;
  }

  /** The body as UTF-8, made once: a string would be measured and encoded again for every answer. */
  get bytes(): Buffer {
    this.utf8 ??= Buffer.from(this.body);
    return this.utf8;
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let buffer = this.encoded.get(encoding);
    if (!buffer) {
      buffer = compressors[encoding](this.body);
      this.encoded.set(encoding, buffer);
    }
    return buffer;
  }
}

/**
 * The encoding to answer with: brotli, then gzip, when the client accepts it
 * (a q=0 refuses; `*` accepts). Null for the body as it is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const any = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? any) > 0) return encoding;
  return null;
}

/** Sends `cached` as `contentType`, compressed as the client accepts, from what was made before. */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  contentType: string,
) {
  reply.type(contentType).header('vary', 'accept-encoding');
  const encoding =
    cached.body.length >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : null;
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  if (encoding) return reply.header('content-encoding', encoding).send(await cached.encodedAs(encoding));
  return reply.send(cached.bytes);
}
