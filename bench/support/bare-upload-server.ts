// The baseline: a plain Node HTTP server that streams each request body to a file, nothing else.
import { createWriteStream, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.OUT_DIR ?? '/tmp/bare-upload';
mkdirSync(dir, { recursive: true });
let n = 0;
http
  .createServer((req, res) => {
    const received =
      req.method === 'POST'
        ? pipeline(req, createWriteStream(path.join(dir, `upload-${n++}`)))
        : Promise.resolve(req.resume());
    received.then(
      () => res.end('ok'),
      () => res.writeHead(500).end(),
    );
  })
  .listen(Number(process.env.PORT ?? 3961), '127.0.0.1');
