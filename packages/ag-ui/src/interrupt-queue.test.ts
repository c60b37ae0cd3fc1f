import { parseElicitation } from '@elicitation-kit/core';
import { EventType } from '@ag-ui/core';
import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInterruptQueue } from './client.js';
import type { InterruptQueue, InterruptQueueEvent, InterruptQueueOptions } from './client.js';
import { createElicitationInterrupts } from './index.js';
import { EXPORT_PARAMS, ScriptedAgent, URL_PARAMS, finished, interruptedWith, mcpQueue } from './test/fixtures.js';

afterEach(() => {
  vi.useRealTimers();
});

const KIT = 'io.elicitation-kit/mcp';

/** An interrupt as the kit's agent side makes it for the export form. */
function exportInterrupt(id: string, extra: Partial<Interrupt> = {}): Interrupt {
  return {
    id,
    reason: 'input_required',
    message: EXPORT_PARAMS.message,
    responseSchema: EXPORT_PARAMS.requestedSchema,
    metadata: {
      [KIT]: { serverName: 'Acme exports', serverUrl: 'https://mcp.acme.example/', mode: 'form', era: 'modern' },
    },
    ...extra,
  };
}

/** An interrupt as the kit's agent side makes it for a URL question. */
function urlInterrupt(id: string, url: string = URL_PARAMS.url): Interrupt {
  return {
    id,
    reason: 'input_required',
    message: URL_PARAMS.message,
    metadata: {
      [KIT]: {
        serverName: 'Acme exports',
        serverUrl: 'https://mcp.acme.example/',
        mode: 'url',
        url,
        elicitationId: 'flow-1',
        era: 'legacy',
        protocolVersion: '2025-11-25',
      },
    },
  };
}

/**
 * An agent whose first run ends with `interrupts` and whose later runs succeed, with a queue over it. Resolves once
 * the first run has ended.
 */
async function interrupted(
  interrupts: Interrupt[],
  options: InterruptQueueOptions = {},
): Promise<{
  agent: ScriptedAgent;
  queue: InterruptQueue;
  events: InterruptQueueEvent[];
  resumed: () => Promise<ResumeEntry[]>;
}> {
  const agent = new ScriptedAgent((input) =>
    input.resume === undefined ? [interruptedWith(interrupts)] : [finished()],
  );
  const events: InterruptQueueEvent[] = [];
  let resolveResume: ((resume: ResumeEntry[]) => void) | undefined;
  const resumedOnce = new Promise<ResumeEntry[]>((resolve) => {
    resolveResume = resolve;
  });
  const queue = createInterruptQueue(agent, {
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'resumed') {
        resolveResume?.(event.resume);
      }
    },
    ...options,
  });
  await agent.runAgent();
  return {
    agent,
    queue,
    events,
    resumed: async () => {
      const resume = await resumedOnce;
      await vi.waitFor(() => expect(agent.inputs).toHaveLength(2));
      return resume;
    },
  };
}

describe('createInterruptQueue', () => {
  it('shows a run’s interrupt as an MCP question: core’s parse, the MCP server’s identity, the interrupt', async () => {
    const interrupt = exportInterrupt('i-1');
    const { queue, agent } = await interrupted([interrupt]);
    const [entry] = queue.getSnapshot();
    const core = parseElicitation(EXPORT_PARAMS);
    expect(entry).toMatchObject({
      request: core.ok ? { ...core.request } : {},
      server: { name: 'Acme exports', url: 'https://mcp.acme.example/' },
      era: 'modern',
      kind: 'request',
      status: 'pending',
      interrupt,
    });
    expect(entry?.signal.aborted).toBe(false);
    expect(agent.pendingInterrupts).toEqual([interrupt]);
    queue.close();
    expect(entry?.signal.aborted).toBe(true);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('resumes once every interrupt has an answer: accept and decline in the payload, cancel as cancelled', async () => {
    const { queue, agent, resumed } = await interrupted([
      exportInterrupt('i-1'),
      exportInterrupt('i-2'),
      exportInterrupt('i-3'),
    ]);
    const [first, second, third] = queue.getSnapshot();
    expect(queue.respond(first!.id, { action: 'accept', content: { format: 'csv', maxRows: 3 } })).toBe(true);
    expect(queue.respond(first!.id, { action: 'decline' })).toBe(false);
    queue.respond(second!.id, { action: 'decline' });
    expect(agent.inputs).toHaveLength(1);
    queue.respond(third!.id, { action: 'cancel' });
    expect(await resumed()).toEqual([
      { interruptId: 'i-1', status: 'resolved', payload: { action: 'accept', content: { format: 'csv', maxRows: 3 } } },
      { interruptId: 'i-2', status: 'resolved', payload: { action: 'decline' } },
      { interruptId: 'i-3', status: 'cancelled' },
    ]);
    expect(agent.inputs[1]?.resume).toEqual(await resumed());
    expect(agent.pendingInterrupts).toEqual([]);
  });

  it('answers a URL question accept without content, the link judged against the MCP server’s site', async () => {
    const { queue, resumed } = await interrupted([urlInterrupt('u-1', 'https://partner.example.net/connect')]);
    const [entry] = queue.getSnapshot();
    expect(entry).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      request: { mode: 'url', elicitationId: 'flow-1', link: { sameSiteAsServer: false } },
    });
    if (entry?.request.mode !== 'url') {
      throw new Error('a URL question');
    }
    expect(entry.request.link.warnings.map(({ code }) => code)).toContain('different-site');
    queue.respond(entry.id, { action: 'accept', content: { ignored: 'x' } });
    expect(await resumed()).toEqual([{ interruptId: 'u-1', status: 'resolved', payload: { action: 'accept' } }]);
  });

  it('refuses a responseSchema that is not MCP’s restricted schema with core’s message, answering cancelled', async () => {
    const nested = { type: 'object', properties: { address: { type: 'object', properties: {} } } };
    const { queue, events, resumed } = await interrupted([exportInterrupt('bad', { responseSchema: nested })]);
    const core = parseElicitation({ message: EXPORT_PARAMS.message, requestedSchema: nested });
    if (core.ok) {
      throw new Error('core must refuse a nested object');
    }
    expect(queue.getSnapshot()).toEqual([]);
    expect(events[0]).toEqual({
      type: 'rejected',
      interrupt: expect.objectContaining({ id: 'bad' }),
      error: core.error,
    });
    expect(await resumed()).toEqual([
      { interruptId: 'bad', status: 'cancelled', metadata: { 'io.elicitation-kit/refused': core.error } },
    ]);
  });

  it('refuses a mode the page does not show', async () => {
    const { queue, events } = await interrupted([urlInterrupt('u-1')], { modes: { url: false } });
    expect(queue.getSnapshot()).toEqual([]);
    expect(events[0]).toMatchObject({
      type: 'rejected',
      error: { code: -32602, data: { reason: 'mode-not-declared' } },
    });
  });

  it('shows another agent’s interrupt without schema as a form without fields, named after the source', async () => {
    const { queue, resumed } = await interrupted(
      [{ id: 'approve', reason: 'confirmation', message: 'Delete the file?' }],
      {
        source: { name: 'File agent', url: 'https://agent.example/' },
      },
    );
    const [entry] = queue.getSnapshot();
    expect(entry).toMatchObject({
      request: { mode: 'form', message: 'Delete the file?', fields: [] },
      server: { name: 'File agent', url: 'https://agent.example/' },
    });
    queue.respond(entry!.id, { action: 'accept', content: {} });
    expect(await resumed()).toEqual([
      { interruptId: 'approve', status: 'resolved', payload: { action: 'accept', content: {} } },
    ]);
  });

  it('keeps the per-source limit: an interrupt beyond it is refused with core’s too-many-pending error', async () => {
    const { queue, events } = await interrupted([exportInterrupt('i-1'), exportInterrupt('i-2')], {
      maxPendingPerSource: 1,
    });
    expect(queue.getSnapshot()).toHaveLength(1);
    expect(events[1]).toMatchObject({
      type: 'rejected',
      interrupt: { id: 'i-2' },
      error: { code: -32602, data: { reason: 'too-many-pending', limit: 1 } },
    });
  });

  it('reads a flood of interrupts in linear time: 20 shown, the rest refused', async () => {
    const flood = Array.from({ length: 5000 }, (_, index) => exportInterrupt(`flood-${index}`));
    const started = performance.now();
    const { queue, events } = await interrupted(flood);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(queue.getSnapshot()).toHaveLength(20);
    expect(events.filter(({ type }) => type === 'rejected')).toHaveLength(4980);
  });

  it('answers an interrupt already expired cancelled without showing it', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const { queue, events, resumed } = await interrupted([exportInterrupt('old', { expiresAt: past })]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(events[0]).toMatchObject({ type: 'expired', interrupt: { id: 'old' } });
    expect(await resumed()).toEqual([{ interruptId: 'old', status: 'cancelled' }]);
  });

  it('closes an entry at its expiresAt and resumes it cancelled', async () => {
    const soon = new Date(Date.now() + 300).toISOString();
    const { queue, resumed } = await interrupted([exportInterrupt('soon', { expiresAt: soon })]);
    const [entry] = queue.getSnapshot();
    expect(entry?.signal.aborted).toBe(false);
    expect(await resumed()).toEqual([{ interruptId: 'soon', status: 'cancelled' }]);
    expect(entry?.signal.aborted).toBe(true);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('does not show an interrupt again once answered (a replayed run), and sends no second resume', async () => {
    const interrupt = exportInterrupt('i-1');
    const { queue, agent, resumed, events } = await interrupted([interrupt]);
    queue.respond(queue.getSnapshot()[0]!.id, { action: 'decline' });
    await resumed();
    // The agent's stream replays the interrupting run (a reconnect): nothing is shown or sent again.
    agent.script = () => [interruptedWith([interrupt])];
    await agent.runAgent();
    await Promise.resolve();
    expect(queue.getSnapshot()).toEqual([]);
    expect(events.filter(({ type }) => type === 'resumed')).toHaveLength(1);
  });

  it('shows an interrupt once when its run’s end is replayed while it waits', async () => {
    const interrupt = exportInterrupt('i-1');
    const { queue, agent } = await interrupted([interrupt]);
    const [entry] = queue.getSnapshot();
    // The same RUN_FINISHED again (a stream replayed to a reconnecting page), through the agent's subscribers.
    for (const subscriber of agent.subscribers) {
      await subscriber.onRunFinishedEvent?.({
        event: { type: EventType.RUN_FINISHED, threadId: 'thread-1', runId: 'run-1' },
        outcome: 'interrupt',
        interrupts: [interrupt],
        messages: [],
        state: {},
        agent,
        input: agent.inputs[0]!,
      });
    }
    expect(queue.getSnapshot()).toEqual([entry]);
    expect(entry?.signal.aborted).toBe(false);
  });

  it('withdraws its entries when the host resumes the run itself', async () => {
    const { queue, agent, events } = await interrupted([exportInterrupt('i-1')]);
    const [entry] = queue.getSnapshot();
    await agent.runAgent({ resume: [{ interruptId: 'i-1', status: 'cancelled' }] });
    expect(queue.getSnapshot()).toEqual([]);
    expect(entry?.signal.aborted).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'withdrawn', entry });
  });

  it('shows the answer again with the agent’s error when the resuming run fails', async () => {
    const { queue, agent, events } = await interrupted([exportInterrupt('i-1')]);
    agent.script = () => new Error('The answer does not fit its form: Format must be one of csv, json.');
    const [entry] = queue.getSnapshot();
    queue.respond(entry!.id, { action: 'accept', content: { format: 'csv' } });
    await vi.waitFor(() => expect(queue.getSnapshot()).toHaveLength(1));
    expect(events.some(({ type }) => type === 'resume-failed')).toBe(true);
    expect(queue.getSnapshot()[0]).toMatchObject({
      interrupt: { id: 'i-1' },
      refused: {
        message: 'The answer does not fit its form: Format must be one of csv, json.',
        result: { action: 'accept', content: { format: 'csv' } },
      },
    });
    expect(queue.getSnapshot()[0]?.id).not.toBe(entry?.id);
  });
});

describe('the agent side and the page side together', () => {
  it('carries an MCP question to the page and the answer back to the MCP server, in one resume', async () => {
    const mcp = mcpQueue();
    const elicitations = createElicitationInterrupts({ queue: mcp.queue });
    const form = mcp.ask(EXPORT_PARAMS);
    const link = mcp.ask(URL_PARAMS, { era: 'legacy', protocolVersion: '2025-11-25' });
    const interrupts = await elicitations.waitForInterrupts();
    const outcomes: unknown[] = [];
    const agent = new ScriptedAgent((input) => {
      if (input.resume === undefined) {
        return [interruptedWith(interrupts)];
      }
      const result = elicitations.resume(input.resume);
      outcomes.push(result);
      return result.ok ? [finished()] : new Error(result.error.message);
    });
    const queue = createInterruptQueue(agent);
    await agent.runAgent();
    const [formEntry, linkEntry] = queue.getSnapshot();
    expect(formEntry?.server).toMatchObject({ name: 'Acme exports', url: 'https://mcp.acme.example/' });
    expect(linkEntry?.request).toMatchObject({ mode: 'url', url: URL_PARAMS.url, link: { sameSiteAsServer: false } });
    queue.respond(linkEntry!.id, { action: 'decline' });
    queue.respond(formEntry!.id, { action: 'accept', content: { format: 'json', maxRows: 10 } });
    await vi.waitFor(() => expect(outcomes).toHaveLength(1));
    expect(mcp.answers.get(form.id)).toEqual([{ action: 'accept', content: { format: 'json', maxRows: 10 } }]);
    expect(mcp.answers.get(link.id)).toEqual([{ action: 'decline' }]);
    elicitations.close();
  });
});
