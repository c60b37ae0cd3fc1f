// A real ACP agent process for the stdio test: it speaks ACP over its own stdin/stdout with the SDK. Each prompt
// asks its client one question (a form, or a URL it then completes itself) and ends the turn with the answer as text.
import { Readable, Writable } from 'node:stream';
import { PROTOCOL_VERSION, agent, ndJsonStream } from '@agentclientprotocol/sdk';

const FORM = {
  mode: 'form',
  message: 'Deploy to which environment?',
  requestedSchema: {
    properties: {
      environment: {
        type: 'string',
        oneOf: [
          { const: 'staging', title: 'Staging' },
          { const: 'prod', title: 'Production' },
        ],
      },
    },
    required: ['environment'],
  },
};

agent({ name: 'stdio-agent' })
  .onRequest('initialize', ({ params }) => ({
    protocolVersion: PROTOCOL_VERSION,
    agentCapabilities: {},
    agentInfo: { name: 'deploy-agent', version: '0.1.0' },
    _meta: { sawElicitation: params.clientCapabilities?.elicitation ?? null },
  }))
  .onRequest('session/new', () => ({ sessionId: 'stdio-session' }))
  .onRequest('session/prompt', async ({ params, client }) => {
    const text = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const request =
      text === 'url'
        ? { mode: 'url', message: 'Approve the deploy', url: 'http://127.0.0.1:9/approve', elicitationId: 'approve-1' }
        : FORM;
    const pending = client.request('elicitation/create', { sessionId: params.sessionId, ...request });
    if (text === 'url') {
      // The out-of-band step finished: the client settles its dialog.
      setTimeout(() => void client.notify('elicitation/complete', { elicitationId: 'approve-1' }), 50);
    }
    const answer = await pending.catch((error) => ({ error: { code: error.code, data: error.data } }));
    await client.notify('session/update', {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: JSON.stringify(answer) } },
    });
    return { stopReason: 'end_turn' };
  })
  .connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
