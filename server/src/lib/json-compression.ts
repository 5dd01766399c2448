import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this a compressed answer saves less than a packet; not worth the CPU. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 4: most of brotli's gain on JSON at a few times less CPU than its maximum (11, meant for build time).
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/**
 * Answers up to this size are compressed on the request's own thread: through the thread pool a small page costs
 * several times the CPU (the stream and the hand-off cost more than the compression). Larger ones go to the thread
 * pool, so that no answer holds the event loop for long (figures in docs/decisions/web-performance.md, "Small JSON
 * answers are compressed on the request's thread").
 */
export const INLINE_COMPRESSION_MAX_BYTES = 32 * 1024;

export type Encoding = 'br' | 'gzip';

/** The payload compressed as `encoding` asks, with the options of every JSON answer. */
export async function compressJson(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (Buffer.byteLength(payload) <= INLINE_COMPRESSION_MAX_BYTES)
    return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload);
  return encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipAsync(payload);
}

/** The client's preferred encoding we offer (brotli, then gzip), honouring `q=0`; null for none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  const ranked = (['br', 'gzip'] as const)
    .filter(accepts)
    .sort((a, b) => (quality.get(b) ?? 0) - (quality.get(a) ?? 0));
  return ranked[0] ?? null;
}

function addVary(reply: FastifyReply, header: string) {
  const current = String(reply.getHeader('vary') ?? '');
  if (current.split(',').some((h) => [header, '*'].includes(h.trim().toLowerCase()))) return;
  reply.header('vary', current ? `${current}, ${header}` : header);
}

/** Compresses API and GraphQL JSON answers over the threshold, as the client accepts (built files come precompressed). */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding')) return payload;
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < JSON_COMPRESSION_THRESHOLD_BYTES) return payload;
    addVary(reply, 'accept-encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressJson(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
