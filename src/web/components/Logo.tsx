/** The app's mark: a speech bubble with a cross, drawn inline so it needs no request. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo">
      <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
      <path d="M18 20h28a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 7v-7h-3a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z" fill="#fff" />
      <path d="M30 27h4v5h5v4h-5v5h-4v-5h-5v-4h5z" fill="var(--color-primary)" />
    </svg>
  );
}
