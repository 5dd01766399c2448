// The baseline: a bare Fastify route answering a fixed JSON body (the same body the portal answers).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE!, 'utf8');
const app = Fastify();
app.post('/graphql', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
