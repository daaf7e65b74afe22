import { clsx } from "clsx";

export function Avatar({ name, picture, size = 32 }: { name: string; picture: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  if (picture) {
    // eslint-disable-next-line @next/next/no-img-element -- user uploads served by our API, sizes vary
    return <img src={picture} alt={`${name}'s profile picture`} width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span
      aria-label={`${name}'s profile picture`}
      role="img"
      className={clsx("inline-flex items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground")}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initials || "?"}
    </span>
  );
}
