export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="lectern-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#lectern-logo)" />
      <path d="M9 8h4v12h10v4H9z" fill="#fff" />
      <path d="M19 10.5l6 3.5-6 3.5z" fill="#fde68a" />
    </svg>
  );
}
