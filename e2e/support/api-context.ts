import { request, type APIRequestContext } from '@playwright/test';

/**
 * An API session of a spec's own at `baseURL`, with the portal's Origin as a browser would send it. Each request goes on
 * a connection of its own ("Connection: close"): a session left idle past the portal's keep-alive time (a spec waiting
 * minutes on a queue through another session) may otherwise send its next request on a connection the portal is
 * closing, and Playwright's client does not send it again (read ECONNRESET; docs/decisions/testing-and-ci.md).
 */
export const apiContext = (baseURL: string): Promise<APIRequestContext> =>
  request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, connection: 'close' } });
