// Round-store operations bounded in time, shared by 2026 rounds (delivery.ts, modern.ts) and approvals
// (fallback.ts, on both SDKs): a store that throws or does not answer in time is reported, never waited on forever.
import type { RoundStore } from './rounds.js';
import type { KitContext } from './turn.js';

/** A round-store operation that failed or did not answer in time. */
class StoreUnavailableError extends Error {}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A timer that does not keep the process alive (a background retry must never block shutdown). */
export function unrefTimer(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}

/** A pause that does not keep the process alive. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => unrefTimer(setTimeout(resolve, ms)));
}

/** Runs one store operation, bounded by the policy's timeout: any failure becomes a {@link StoreUnavailableError}. */
export async function bounded<T>(
  kit: KitContext,
  what: string,
  run: (store: RoundStore) => T | Promise<T>,
): Promise<T> {
  const ms = kit.policy.storeTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`round store: ${what} took longer than ${ms} ms`)), ms);
    unrefTimer(timer);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => run(kit.rounds)), timeout]);
  } catch (error) {
    throw error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError(`round store: ${what} failed: ${messageOf(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
