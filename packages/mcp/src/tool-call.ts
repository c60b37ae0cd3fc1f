// Tool calls that survive a human: the call's timeout measures the server's work, never the user's think time.
// The SDK's own request timeout cannot be paused (see MAX_TIMER_DELAY), so the kit gives the SDK an unbounded one and
// runs its own clock, stopped whenever the connection is waiting for the user.
import { DEFAULT_REQUEST_TIMEOUT_MSEC, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolRequest, CallToolResult, Client, Progress } from '@modelcontextprotocol/client';
import { MAX_TIMER_DELAY } from './sdk-adapter.js';
import type { ToolCallOptions } from './types.js';

/** The limits of one call, in milliseconds of server work. */
interface Limits {
  timeout: number;
  maxTotalTimeout: number | undefined;
}

/** One call's clock. It counts only while it runs; `expire` aborts the call. */
interface CallClock {
  /** Starts a stretch of server work with the whole `timeout` (a call starts, or the user answered). */
  run(): void;
  /** The user is being waited for: the time until the next `run` does not count. */
  pause(): void;
  /** A progress notification arrived: the stretch starts over (counted towards `maxTotalTimeout`). */
  progress(): void;
  stop(): void;
}

function createCallClock(limits: Limits, expire: (error: SdkError) => void): CallClock {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stretchStartedAt = 0;
  /** Server work before the current stretch. */
  let worked = 0;

  const stopTimer = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
  const arm = (): void => {
    stretchStartedAt = Date.now();
    const { timeout, maxTotalTimeout } = limits;
    const totalLeft = maxTotalTimeout === undefined ? Number.POSITIVE_INFINITY : maxTotalTimeout - worked;
    // The same errors as the SDK's own timeouts, so callers need to know only one shape.
    const [delay, error] =
      totalLeft < timeout
        ? [
            totalLeft,
            () => new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', { maxTotalTimeout }),
          ]
        : [timeout, () => new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout })];
    timer = setTimeout(
      () => {
        timer = undefined;
        expire(error());
      },
      Math.min(Math.max(delay, 0), MAX_TIMER_DELAY),
    );
  };
  const bank = (): void => {
    worked += Date.now() - stretchStartedAt;
  };

  return {
    run() {
      stopTimer();
      arm();
    },
    pause() {
      if (timer !== undefined) {
        stopTimer();
        bank();
      }
    },
    progress() {
      if (timer !== undefined) {
        stopTimer();
        bank();
        arm();
      }
    },
    stop: stopTimer,
  };
}

/** Options of {@link createToolCalls}. */
export interface ToolCallsOptions {
  /** Whether the connection is waiting for the user now. */
  waitingForUser(): boolean;
  /** Called when the last call in flight ends. */
  idle(): void;
}

/** The tool calls of one attachment. */
export interface ToolCalls {
  /** See {@link ElicitationAttachment.callTool}. */
  call(params: CallToolRequest['params'], options?: ToolCallOptions): Promise<CallToolResult>;
  /** Re-reads whether the user is being waited for: stops, or starts afresh, the clock of every call in flight. */
  refresh(): void;
}

/** Tool calls on `client` whose clocks stop while `options.waitingForUser()`. */
export function createToolCalls(client: Client, options: ToolCallsOptions): ToolCalls {
  const clocks = new Set<CallClock>();
  let paused = false;

  return {
    refresh() {
      const waiting = options.waitingForUser();
      if (waiting === paused) {
        return;
      }
      paused = waiting;
      for (const clock of clocks) {
        if (waiting) {
          clock.pause();
        } else {
          clock.run();
        }
      }
    },

    async call(params, callOptions = {}) {
      const {
        timeout = DEFAULT_REQUEST_TIMEOUT_MSEC,
        maxTotalTimeout,
        resetTimeoutOnProgress = false,
        signal,
        onprogress,
        ...sdkOptions
      } = callOptions;
      const controller = new AbortController();
      const onCallerAbort = (): void => controller.abort(signal?.reason);
      if (signal?.aborted === true) {
        onCallerAbort();
      } else {
        signal?.addEventListener('abort', onCallerAbort, { once: true });
      }
      const clock = createCallClock({ timeout, maxTotalTimeout }, (error) => controller.abort(error));
      clocks.add(clock);
      if (!paused) {
        clock.run();
      }
      // Progress is requested from the server only when someone listens (the SDK sends a progress token then).
      const onProgress =
        onprogress === undefined && !resetTimeoutOnProgress
          ? undefined
          : (progress: Progress): void => {
              if (resetTimeoutOnProgress) {
                clock.progress();
              }
              onprogress?.(progress);
            };
      try {
        return await client.callTool(params, {
          ...sdkOptions,
          signal: controller.signal,
          timeout: MAX_TIMER_DELAY,
          ...(onProgress !== undefined ? { onprogress: onProgress } : {}),
        });
      } finally {
        clock.stop();
        clocks.delete(clock);
        signal?.removeEventListener('abort', onCallerAbort);
        if (clocks.size === 0) {
          options.idle();
        }
      }
    },
  };
}
