// Tool calls that survive a human: the call's timeout measures the server's work, never the user's think time.
// No client lets a request timeout be paused, so each adapter gives its client no timeout of its own (or an unbounded
// one) and the kit runs the call's clock here, stopped whenever the connection is waiting for the user. On expiry the
// call is aborted through its signal with the client's own timeout error, so callers know one shape per client.

/**
 * The largest delay `setTimeout` accepts (about 24.8 days; a larger one fires at once): the timeout SDK v2 and v1 get
 * from {@link runSdkCall} (they always arm one) while the kit keeps the real clock.
 */
const MAX_TIMER_DELAY = 2_147_483_647;

/** The limits of one call, in milliseconds of server work (`undefined`: no limit). */
export interface CallLimits {
  timeout: number | undefined;
  maxTotalTimeout: number | undefined;
}

/** The client's own timeout errors, which the kit aborts a call with. */
export interface TimeoutErrors {
  /** The call worked `limits.timeout` without an answer (SDK wording: "Request timed out"). */
  timedOut(limits: CallLimits): unknown;
  /** The call's work reached `limits.maxTotalTimeout` ("Maximum total timeout exceeded"). */
  totalExceeded(limits: CallLimits): unknown;
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

function createCallClock(limits: CallLimits, errors: TimeoutErrors, expire: (error: unknown) => void): CallClock {
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
    const { timeout = Number.POSITIVE_INFINITY, maxTotalTimeout } = limits;
    const totalLeft = maxTotalTimeout === undefined ? Number.POSITIVE_INFINITY : maxTotalTimeout - worked;
    const [delay, error] =
      totalLeft < timeout ? [totalLeft, () => errors.totalExceeded(limits)] : [timeout, () => errors.timedOut(limits)];
    if (delay === Number.POSITIVE_INFINITY) {
      // No limit at all: nothing to count down (the call still pauses and resumes like the others).
      return;
    }
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

/** One call as the kit runs it. */
export interface ClockedCall {
  limits: CallLimits;
  errors: TimeoutErrors;
  /** A progress notification starts the timeout afresh. */
  resetTimeoutOnProgress: boolean;
  /** The caller's own signal: aborting it aborts the call with its reason. */
  signal: AbortSignal | undefined;
}

/** Starts the client's request: with the kit's signal, and `progressed` to call on every progress notification. */
export type InvokeCall<T> = (signal: AbortSignal, progressed: () => void) => Promise<T>;

/** The tool calls of one attachment. */
export interface ToolCalls {
  /** Runs one call whose clock stops while the user is being waited for. */
  run<T>(call: ClockedCall, invoke: InvokeCall<T>): Promise<T>;
  /** Re-reads whether the user is being waited for: stops, or starts afresh, the clock of every call in flight. */
  refresh(): void;
}

/** Tool calls whose clocks stop while `options.waitingForUser()`. */
export function createToolCalls(options: ToolCallsOptions): ToolCalls {
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

    async run(call, invoke) {
      const { signal } = call;
      const controller = new AbortController();
      const onCallerAbort = (): void => controller.abort(signal?.reason);
      if (signal?.aborted === true) {
        onCallerAbort();
      } else {
        signal?.addEventListener('abort', onCallerAbort, { once: true });
      }
      const clock = createCallClock(call.limits, call.errors, (error) => controller.abort(error));
      clocks.add(clock);
      if (!paused) {
        clock.run();
      }
      const progressed = (): void => {
        if (call.resetTimeoutOnProgress) {
          clock.progress();
        }
      };
      try {
        return await invoke(controller.signal, progressed);
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

/** The options of an SDK v2 or v1 `callTool` the kit reads: the timeouts it runs itself, the signal, progress. */
interface SdkCallOptions {
  timeout?: number | undefined;
  maxTotalTimeout?: number | undefined;
  resetTimeoutOnProgress?: boolean | undefined;
  signal?: AbortSignal | undefined;
  onprogress?: ((progress: never) => void) | undefined;
}

/** What the SDK gets instead: its own options, with the kit's signal, an unbounded timeout and progress if needed. */
export type SdkCallOptionsFor<O extends SdkCallOptions> = Omit<O, keyof SdkCallOptions> & {
  signal: AbortSignal;
  timeout: number;
  onprogress?: O['onprogress'];
};

/**
 * Runs an SDK v2 or v1 `callTool` (the two share `Protocol`'s request options) on the kit's clock. The SDK's request
 * timeout cannot be paused (on a 2025 connection it runs while the server waits for the user, and its
 * `maxTotalTimeout` counts the user's time in 2026-07-28 too): it gets an unbounded one, and the kit's clock aborts
 * the call through its signal with the SDK's own timeout error. Progress is requested from the server only when
 * someone listens (the SDK sends a progress token then).
 */
export function runSdkCall<O extends SdkCallOptions, T>(
  calls: ToolCalls,
  options: O,
  defaults: { timeout: number; errors: TimeoutErrors },
  invoke: (sdkOptions: SdkCallOptionsFor<O>) => Promise<T>,
): Promise<T> {
  const {
    timeout = defaults.timeout,
    maxTotalTimeout,
    resetTimeoutOnProgress = false,
    signal,
    onprogress,
    ...sdkOptions
  } = options;
  const call = { limits: { timeout, maxTotalTimeout }, errors: defaults.errors, resetTimeoutOnProgress, signal };
  return calls.run(call, (callSignal, progressed) => {
    const listens = onprogress !== undefined || resetTimeoutOnProgress;
    const onProgress = (progress: never): void => {
      progressed();
      onprogress?.(progress);
    };
    const forSdk: SdkCallOptionsFor<SdkCallOptions> = {
      ...sdkOptions,
      signal: callSignal,
      timeout: MAX_TIMER_DELAY,
      ...(listens ? { onprogress: onProgress } : {}),
    };
    // The rest of `options` is the SDK's own, passed through unchanged: its type is O's, less what the kit runs.
    return invoke(forSdk as SdkCallOptionsFor<O>);
  });
}
