/** An SVG path's `d`, a circle (cx, cy, r) or a rounded rectangle (x, y, width, height, rx), on a 24 by 24 grid. */
type Shape = string | { circle: readonly [number, number, number] } | { rect: readonly [number, number, number, number, number] };

/** The round outline that several icons draw their sign in. */
const ring: Shape = { circle: [12, 12, 9] };

const icons = {
  alert: [ring, 'M12 7.5v5.5M12 16.5v.01'],
  'check-circle': [ring, 'm8 12.5 2.7 2.7L16.5 9.5'],
  check: ['m5 12.5 4.5 4.5L19 7.5'],
  info: [ring, 'M12 11v5.5M12 7.5v.01'],
  help: [ring, 'M9.5 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-.9.8-.9 1.4v.3M12 16.5v.01'],
  x: ['M6 6l12 12M18 6 6 18'],
  globe: [ring, 'M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z'],
  lock: [{ rect: [5, 10.5, 14, 10, 2] }, 'M8 10.5V7.5a4 4 0 0 1 8 0v3'],
  pencil: ['M4 20h4L19.5 8.5a2.1 2.1 0 0 0-4-4L4 16v4zM14 6l4 4'],
  trash: ['M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5'],
  search: [{ circle: [11, 11, 6.5] }, 'm16 16 4.5 4.5'],
  menu: ['M4 7h16M4 12h16M4 17h16'],
  'chevron-down': ['m6 9 6 6 6-6'],
  'arrow-right': ['M5 12h14M13 6l6 6-6 6'],
  'arrow-left': ['M19 12H5M11 6l-6 6 6 6'],
  zap: ['M13 2.5 4.5 13.5H12l-1 8 8.5-11H12z'],
  play: ['M8 5.5v13l10.5-6.5z'],
  video: [{ rect: [3, 6, 13, 12, 2] }, 'm16 10.5 5-3v9l-5-3'],
  book: ['M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z', 'M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5'],
  layers: ['m12 3 9 5-9 5-9-5z', 'm3 13 9 5 9-5'],
  sigma: ['M17 5H7l6 7-6 7h10'],
  captions: [{ rect: [3, 5, 18, 14, 2] }, 'M7 13h4M13 13h4M7 16h7'],
  library: ['M4 4v16M8 4v16', 'm12 5 4-1 4 15-4 1z'],
  sparkles: ['M12 3.5 13.8 9l5.7 1.8-5.7 1.8L12 18l-1.8-5.4-5.7-1.8L10.2 9z', 'M19 3v3M17.5 4.5h3'],
  'graduation-cap': ['M2.5 9 12 4.5 21.5 9 12 13.5z', 'M6.5 11v4.5c0 1.5 2.5 3 5.5 3s5.5-1.5 5.5-3V11M21.5 9v5'],
  presentation: [{ rect: [3, 4, 18, 12, 1.5] }, 'M12 16v4M8 20h8M7.5 12l3-3 2 2 4-4'],
  briefcase: [{ rect: [3, 7, 18, 13, 2] }, 'M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3 13h18'],
  mic: [{ rect: [9, 3, 6, 11, 3] }, 'M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21'],
  wallet: ['M4 7.5A2.5 2.5 0 0 1 6.5 5H19v14H6.5A2.5 2.5 0 0 1 4 16.5z', 'M15.5 12h.01M4 8.5h15'],
  'log-out': ['M14 4h4.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14', 'M10 8l-4 4 4 4M6 12h10'],
  'credit-card': [{ rect: [3, 5.5, 18, 13, 2] }, 'M3 10h18M7 15h3'],
  refresh: ['M20 11a8 8 0 0 0-14.5-4.5L4 8', 'M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16', 'M20 20v-4h-4'],
  plus: ['M12 5v14M5 12h14'],
  code: ['m8.5 7.5-4.5 4.5 4.5 4.5', 'm15.5 7.5 4.5 4.5-4.5 4.5'],
  'external-link': ['M14 4h6v6M20 4l-9 9', 'M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10'],
  clock: [ring, 'M12 7v5l3 2'],
  star: ['m12 3.5 2.6 5.5 6 .8-4.4 4.1 1.1 5.9L12 17l-5.3 2.8 1.1-5.9-4.4-4.1 6-.8z'],
  shield: ['M12 3 5 6v5.5c0 4.5 3 8 7 9.5 4-1.5 7-5 7-9.5V6z', 'm9 12 2 2 4-4'],
  user: [{ circle: [12, 8, 4] }, 'M4.5 20.5a7.5 7.5 0 0 1 15 0'],
} satisfies Record<string, readonly Shape[]>;

function drawShape(shape: Shape, key: number) {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle key={key} cx={cx} cy={cy} r={r} />;
  }
  const [x, y, width, height, rx] = shape.rect;
  return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} />;
}

export type IconName = keyof typeof icons;

type IconProps = { name: IconName; className?: string; title?: string };

export function Icon({ name, className, title }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      {icons[name].map(drawShape)}
    </svg>
  );
}
