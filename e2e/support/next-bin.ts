import path from "node:path";

/** The Next.js CLI itself, not an npx wrapper: stopping it then really stops the server. */
export const NEXT_BIN = path.resolve("node_modules", ".bin", "next");
