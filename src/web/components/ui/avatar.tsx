/** A person's photo, or the first letter of their name on a tinted disc when there is none. */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (src) {
    return <img src={src} alt="" width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.42 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800 uppercase"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
