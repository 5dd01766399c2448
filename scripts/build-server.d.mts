/** Builds server/dist/main.mjs and server/dist/media-process.mjs from the server's source. */
export function buildServer(): Promise<void>;
