// Types of ./ensure-chromium.mjs for its TypeScript importers (the e2e Playwright config).

/** The flags every headless Chromium run of the project uses (e2e suite and bench). */
export declare const CHROMIUM_ARGS: readonly string[];

/** The Chromium executable to launch: `$CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, else undefined (Playwright's own). */
export declare function findChromium(): string | undefined;
