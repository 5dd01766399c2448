/**
 * Where to send the browser after sign-in: only a path of the portal itself. The raw value is resolved against
 * PUBLIC_URL the way a browser would (WHATWG URL: a backslash counts as a slash, tabs and newlines vanish), must
 * keep PUBLIC_URL's origin, and leaves as a path that cannot be read as another host (no leading // or /\).
 * Anything else is null: the caller refuses it.
 */
export function safeReturnTo(raw: string, publicUrl: string): string | null {
  // Control characters and backslashes have no place in a path the portal writes; refuse rather than repair.
  if (!raw.startsWith('/') || /[\p{Cc}\\\s]/u.test(raw) || raw.length > 500) return null;
  let resolved: URL;
  try {
    resolved = new URL(raw, publicUrl);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(publicUrl).origin) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return /^\/[/\\]/.test(path) ? null : path;
}
