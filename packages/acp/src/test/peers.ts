// Real ACP peers for the tests: an agent app and a client app of `@agentclientprotocol/sdk`, joined by the SDK's
// `ndJsonStream` over two node pipes (bytes, one JSON-RPC message per line, as over a child's stdio).
import { PassThrough, Readable, Writable } from 'node:stream';
import { PROTOCOL_VERSION, agent, ndJsonStream } from '@agentclientprotocol/sdk';
import type { AgentApp, AgentConnection, ClientApp, ClientConnection, Stream } from '@agentclientprotocol/sdk';

/** Two pipes and the ndjson stream of each end. */
export interface Pipes {
  /** Bytes the agent writes and the client reads. */
  toClient: PassThrough;
  /** Bytes the client writes and the agent reads. */
  toAgent: PassThrough;
  clientEnd: Stream;
  agentEnd: Stream;
}

/** A node readable as the web stream of bytes `ndJsonStream` reads. */
function web(readable: PassThrough): ReadableStream<Uint8Array> {
  return Readable.toWeb(readable) as unknown as ReadableStream<Uint8Array>;
}

export function pipes(): Pipes {
  const toClient = new PassThrough();
  const toAgent = new PassThrough();
  return {
    toClient,
    toAgent,
    clientEnd: ndJsonStream(Writable.toWeb(toAgent), web(toClient)),
    agentEnd: ndJsonStream(Writable.toWeb(toClient), web(toAgent)),
  };
}

/** An agent app that answers `initialize` with its name, and whatever else `extend` registers. */
export function testAgent(extend: (app: AgentApp) => AgentApp = (app) => app): AgentApp {
  return extend(
    agent({ name: 'test-agent' }).onRequest('initialize', () => ({
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: {},
      agentInfo: { name: 'build-agent', title: 'Build Agent', version: '1.2.0' },
    })),
  );
}

/** A client app and an agent app connected over real pipes. */
export function connect(
  clientApp: ClientApp,
  agentApp: AgentApp,
): { client: ClientConnection; agent: AgentConnection; pipes: Pipes } {
  const joined = pipes();
  const agentConnection = agentApp.connect(joined.agentEnd);
  const clientConnection = clientApp.connect(joined.clientEnd);
  return { client: clientConnection, agent: agentConnection, pipes: joined };
}
