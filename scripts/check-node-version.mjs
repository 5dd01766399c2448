// Stops `npm start` on a Node.js that cannot run the portal, with a message saying why, instead of a stack trace
// from deep inside a dependency. Plain JavaScript with no imports, so it runs on any Node.js.
//
// @fastify/static and @fastify/cookie require() content-disposition@3 and cookie@2, which are ES modules only:
// require() of an ES module works without a flag from Node.js 20.19 and 22.12 on (not on 21, nor 22.0 to 22.11).

export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/** Whether this Node.js version (e.g. "20.18.1") can run the portal. */
export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (major === 20) return minor >= 19;
  if (major === 22) return minor >= 12;
  return major > 22;
}

export function unsupportedNodeMessage(version) {
  return (
    `Product Hub needs Node.js 20.19 or newer on the 20 line, or 22.12 or newer (${SUPPORTED_NODE}); this is Node.js ${version}.\n` +
    'Its web server loads ES-module-only packages with require(), which older versions cannot do. Install a current Node.js LTS and run `npm start` again.'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!isSupportedNode(process.versions.node)) {
    console.error(unsupportedNodeMessage(process.versions.node));
    process.exit(1);
  }
}
