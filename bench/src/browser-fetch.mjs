// The `fetch` the bench's simulated browsers give the page half (`connectElicitationBridge({ fetch })`): answers (POST)
// over a keep-alive node:http agent, everything else (the event stream) on Node's fetch. A browser posts an answer
// with its own native fetch, on its own machine, over a connection it keeps; Node's fetch (undici, written in JS) cost
// the browsers' processes ~1 ms of CPU per answer here, on the cores the backend runs on, and with 250 streams open on
// one pool it opened a new connection for about one answer in three (sockets the backend then holds: measured by
// counting the backend's connections, 1,000 owners paced). The page half's own code runs as it would in a page.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true });

/** The response headers that a Fetch `Headers` takes (Node gives repeated ones as arrays; joined as fetch does). */
const headersOf = (headers) =>
  Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]);

/** `fetch` with POSTs over a kept node:http connection; the response is a Fetch `Response`, its body read whole. */
export function browserFetch(url, init = {}) {
  if ((init.method ?? 'GET') !== 'POST') return fetch(url, init);
  return new Promise((resolve, reject) => {
    const posting = request(url, { method: 'POST', headers: init.headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve(
          new Response(Buffer.concat(chunks), { status: response.statusCode, headers: headersOf(response.headers) }),
        ),
      );
    });
    posting.on('error', reject);
    posting.end(init.body);
  });
}
