const MAX_SLUG_CHARS = 80;
const MAX_UNICODE_NAME_CHARS = 120;

// Letters NFKD does not decompose into a base letter plus marks.
const EXTRA_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/**
 * An ASCII file-name stem from a title: accents dropped ("Café" → "cafe"), anything else
 * outside [a-z0-9] (including "/" and "..") becomes a single "-"; "transcript" when
 * nothing is left.
 */
export function slugify(title: string): string {
  const ascii = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => EXTRA_LETTERS[c])
    .replace(/\p{M}+/gu, "");
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, MAX_SLUG_CHARS)
    .replace(/-+$/, "");
  return slug || "transcript";
}

/** The suffix after the stem: "-formatted" for the formatted version, then the extension. */
function filenameSuffix(extension: string, formatted: boolean): string {
  return `${formatted ? "-formatted" : ""}.${extension}`;
}

export function exportFilename(title: string, extension: string, formatted: boolean): string {
  return slugify(title) + filenameSuffix(extension, formatted);
}

/** RFC 5987 value characters: encodeURIComponent leaves a few that attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The title as a file name: no control, path or reserved (Windows) characters. */
function unicodeStem(title: string): string {
  const cleaned = title
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  return Array.from(cleaned).slice(0, MAX_UNICODE_NAME_CHARS).join("").trim();
}

/**
 * Content-Disposition for a download (RFC 6266): the ASCII `filename` for old clients
 * and `filename*` (RFC 5987, UTF-8) carrying the original title, e.g. "Встреча.pdf".
 * The suffix ("-formatted.pdf") is taken from `filename`, which exportFilename built
 * from the same title.
 */
export function contentDisposition(filename: string, title: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "-");
  const slug = slugify(title);
  const suffix = filename.startsWith(slug) ? filename.slice(slug.length) : null;
  const stem = unicodeStem(title);
  const unicodeName = suffix !== null && stem ? stem + suffix : ascii;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(unicodeName)}`;
}
