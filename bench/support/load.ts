/** A small closed-loop load generator on loopback: `clients` concurrent loops for `seconds`, bounded in time. */
export async function load(request: () => Promise<Response>, { clients = 32, seconds = 5 } = {}) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const res = await request();
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requests: latencies.length, rps: latencies.length / seconds, median: at(0.5), p99: at(0.99), errors, latencies };
}
