/**
 * The route a logged-out visitor asked for, to continue there after login.
 * sessionStorage: it belongs to this tab and dies with it, like the attempt itself.
 */
const KEY = 'productHub.postLoginRoute';

export function rememberPostLoginRoute(route: string): void {
  try {
    sessionStorage.setItem(KEY, route);
  } catch {
    // Storage can be unavailable (private mode); the user then lands on the default page.
  }
}

export function readPostLoginRoute(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearPostLoginRoute(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See rememberPostLoginRoute.
  }
}
