// The baseline: a bare Fastify route answering a fixed JSON body (the same body the portal answers), in the encoding
// the portal would answer the request in, compressed once here: the client reads the same bytes from both servers and
// does the same work on them (decompression included), and the portal's compression counts as the portal's cost.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import {
  compressJson,
  JSON_COMPRESSION_THRESHOLD_BYTES,
  negotiateEncoding,
} from '../../server/src/lib/json-compression.ts';

const body = readFileSync(process.env.BODY_FILE!, 'utf8');
const compressed = Buffer.byteLength(body) >= JSON_COMPRESSION_THRESHOLD_BYTES;
const encoded = { br: await compressJson(body, 'br'), gzip: await compressJson(body, 'gzip') };
const app = Fastify();
app.post('/graphql', async (req, reply) => {
  reply.type('application/json');
  if (!compressed) return reply.send(body);
  reply.header('vary', 'accept-encoding');
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(encoded[encoding]);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
