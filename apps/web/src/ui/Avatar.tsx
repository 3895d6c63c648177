/** An account's picture, or its initial in a round badge: the one avatar of every page (size in CSS pixels). */
export function Avatar({ name, url, size = 32 }: { name: string; url?: string | null; size?: number }) {
  const initial = [...(name.trim() || '?')][0]!.toUpperCase();
  if (url) return <img src={url} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />;
  return (
    <span
      aria-hidden="true"
      className="grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent to-[#e4572e] font-bold text-accent-ink"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}
