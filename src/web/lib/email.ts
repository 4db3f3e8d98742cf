/** The spec's simple pattern: no spaces, an @, and a dot after it. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
