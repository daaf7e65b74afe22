/**
 * How deeply arrays and objects may nest in a JSON request body. Real bodies nest three or
 * four levels; a body nested thousands deep would overflow the stack of every recursive step
 * after parsing (zod, Better Auth, our own checks) and answer 500, so it is refused first.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `The request body is nested too deeply: use at most ${MAX_JSON_DEPTH} levels of arrays and objects.`;

const OPEN = new Set(["[", "{"]);
const CLOSE = new Set(["]", "}"]);

/**
 * Whether a JSON text nests arrays and objects more than `max` levels deep, read before it
 * is parsed: parsing a body nested half a million deep alone holds the server's thread for
 * a tenth of a second. Counts brackets outside strings in one pass, without recursion.
 */
export function nestedDeeperThan(json: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (OPEN.has(c) && ++depth > max) return true;
    else if (CLOSE.has(c)) depth--;
  }
  return false;
}
