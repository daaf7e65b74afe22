const DAY = 24 * 3600;

/** A session lasts this long (seconds) … */
export const SESSION_EXPIRES_IN = 30 * DAY;
/** … and is extended to that again once it is older than this (Better Auth's updateAge). */
export const SESSION_UPDATE_AGE = DAY;
