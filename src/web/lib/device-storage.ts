/**
 * This device's localStorage, for small preferences. The browser may refuse it (blocked cookies, some private
 * modes): then nothing is read or kept, and the app carries on with its defaults.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the next visit starts from the default.
  }
}

export function forgetStored(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing was kept, or it stays until the browser lets go.
  }
}
