import { db } from "@/lib/db/client";
import { handleAuthRequest } from "@/lib/http/auth-handler";

// Better Auth produces these answers itself, so this one route stays outside route():
// lib/http/auth-handler.ts wraps its handler with our body limits and `detail` sentences.
const handler = (request: Request) => handleAuthRequest(db(), request);

export const GET = handler;
export const POST = handler;
