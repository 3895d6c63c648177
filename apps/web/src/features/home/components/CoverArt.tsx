/**
 * Drawn cover art for placeholders until the catalogue arrives: layered gradients and shapes, deterministic
 * per seed, so the page looks like a store rather than a wireframe.
 */
const PALETTES = [
  ['#ff9f43', '#ee5253', '#2e1a47'],
  ['#48dbfb', '#0abde3', '#10243e'],
  ['#feca57', '#ff6b6b', '#3b1f2b'],
  ['#1dd1a1', '#10ac84', '#0f2a26'],
  ['#a29bfe', '#6c5ce7', '#1b1740'],
  ['#ff9ff3', '#f368e0', '#2f1433'],
  ['#54a0ff', '#2e86de', '#101d33'],
  ['#f5a524', '#e4572e', '#24140a'],
] as const;

export function CoverArt({ seed, title, className }: { seed: number; title?: string; className?: string }) {
  const [a, b, c] = PALETTES[seed % PALETTES.length]!;
  const r = (n: number) => ((seed * 9301 + n * 49297) % 233280) / 233280;
  return (
    <svg viewBox="0 0 300 400" className={className} role="img" aria-label={title ?? ''} preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id={`bg-${seed}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={c} />
          <stop offset="1" stopColor="#06080d" />
        </linearGradient>
        <radialGradient id={`sun-${seed}`} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor={a} />
          <stop offset="1" stopColor={b} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="300" height="400" fill={`url(#bg-${seed})`} />
      <circle cx={80 + r(1) * 140} cy={90 + r(2) * 80} r={70 + r(3) * 40} fill={`url(#sun-${seed})`} opacity="0.9" />
      <path d={`M0 ${260 + r(4) * 40} L${60 + r(5) * 40} ${200 + r(6) * 30} L${140 + r(7) * 30} ${250 + r(8) * 30} L${210 + r(9) * 30} ${180 + r(10) * 40} L300 ${240 + r(11) * 30} V400 H0Z`} fill={b} opacity="0.55" />
      <path d={`M0 ${310 + r(12) * 30} L${90 + r(13) * 40} ${270 + r(14) * 30} L${190 + r(15) * 30} ${320 + r(16) * 20} L300 ${280 + r(17) * 30} V400 H0Z`} fill="#06080d" opacity="0.75" />
      {Array.from({ length: 14 }, (_, i) => (
        <circle key={i} cx={r(20 + i) * 300} cy={r(40 + i) * 200} r={r(60 + i) * 1.6 + 0.4} fill="#fff" opacity={0.25 + r(80 + i) * 0.5} />
      ))}
      {title ? (
        <text x="20" y="370" fill="#fff" fontSize="26" fontWeight="800" fontFamily="system-ui, sans-serif" letterSpacing="-0.5">
          {title}
        </text>
      ) : null}
    </svg>
  );
}
