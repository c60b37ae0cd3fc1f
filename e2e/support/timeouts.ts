// One place for the suite's waits. Dialogs react within milliseconds; tool calls travel over HTTP to a real server.

/** Timeouts in milliseconds. */
export const TIMEOUTS = {
  /** A dialog opening, closing or showing an error (also the default `expect` timeout). */
  dialog: 5_000,
  /** A tool call reaching the server and its result coming back. */
  tool: 15_000,
  /** One whole test. */
  test: 45_000,
} as const;
