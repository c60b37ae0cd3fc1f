// The kit's policy for waiting on people, shared by every SDK it serves (a module with no SDK import).

/** How long a 2025 push waits for the user by default: ten minutes (people are slower than the SDK's 60 s). */
export const DEFAULT_LEGACY_TIMEOUT_MS = 600_000;
