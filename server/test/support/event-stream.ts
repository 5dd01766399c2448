import type { Client } from '../harness.ts';

export interface ServerEvent {
  event: string;
  data: any;
}

/**
 * A server-sent events stream read as the browser's EventSource reads it (event and data fields, blank line
 * between events, comment lines ignored), with the client's session cookie or token. `comments` counts the comment
 * lines (heartbeats).
 */
export async function readEvents(baseUrl: string, path: string, client: Client) {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (client.bearer) headers.authorization = `Bearer ${client.bearer}`;
  else if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const abort = new AbortController();
  const res = await fetch(baseUrl + path, { headers, signal: abort.signal });
  const isStream = Boolean(res.body && res.headers.get('content-type')?.startsWith('text/event-stream'));
  // Not a stream (an error): its JSON body.
  const json: any = isStream ? undefined : JSON.parse((await res.text()) || 'null');
  const queue: ServerEvent[] = [];
  const waiting: ((e: ServerEvent | null) => void)[] = [];
  let ended = false;
  let comments = 0;
  const push = (e: ServerEvent | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(e);
    else if (e) queue.push(e);
  };
  void (async () => {
    if (!isStream || !res.body) {
      ended = true;
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) push({ event, data: JSON.parse(data.join('\n')) });
        }
      }
    } catch {
      /* aborted */
    }
    ended = true;
    while (waiting.length) push(null);
  })();

  /** The next event; rejects when the stream ended first. */
  const next = async (): Promise<ServerEvent> => {
    const queued = queue.shift();
    if (queued) return queued;
    if (ended) throw new Error('the event stream ended');
    const e = await new Promise<ServerEvent | null>((resolve) => waiting.push(resolve));
    if (!e) throw new Error('the event stream ended');
    return e;
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    /** Reads events until one matches. */
    async until(match: (e: ServerEvent) => boolean): Promise<ServerEvent> {
      for (;;) {
        const e = await next();
        if (match(e)) return e;
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(): Promise<void> {
      while (!ended) await new Promise((r) => setTimeout(r, 10));
    },
    /** Whether the stream has ended (for a wait with a limit: vi.waitFor). */
    hasEnded: () => ended,
    comments: () => comments,
    json,
    close: () => abort.abort(),
  };
}
