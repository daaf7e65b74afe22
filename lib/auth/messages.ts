/**
 * The sentences users read when an account action fails, by Better Auth error code
 * (and our own codes). The API answers them as `detail`; the forms show the same text.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_MESSAGES: Record<string, string> = {
  // One answer whether or not the address has an account: sign-in does not tell who is a customer.
  INVALID_EMAIL_OR_PASSWORD: "Incorrect email or password. Try again or reset your password.",
  INVALID_PASSWORD: "Incorrect password.",
  INVALID_EMAIL: "Enter a valid email address.",
  EMAIL_NOT_VERIFIED:
    "Please verify your email address first. We have sent you a new verification link.",
  PASSWORD_TOO_SHORT: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_LONG: `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`,
  PASSWORD_COMMON: "This password is one of the most common ones and easy to guess. Choose another.",
  PASSWORD_FEW_CHARACTERS: "Use at least 4 different characters in your password.",
  PASSWORD_ONE_KIND: "Mix letters with numbers or symbols in your password.",
  PASSWORD_CONTAINS_EMAIL: "Your password must not contain the part of your email address before the @.",
  USER_ALREADY_EXISTS: "An account with this email already exists. Log in or reset your password.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    "An account with this email already exists. Log in or reset your password.",
  INVALID_TOKEN: "This link is invalid or has expired. Request a new one.",
  TOKEN_EXPIRED: "This link has expired. Request a new one.",
  SIGNUP_DISABLED: "Sign-up is closed at the moment. Please try again later.",
  ACCOUNT_DEACTIVATED: "This account has been deactivated. Contact support if you think this is a mistake.",
  RATE_LIMITED: "Too many attempts. Please wait a few minutes and try again.",
  SESSION_EXPIRED: "For your security, please log in again to do this.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "This account signs in with Google and has no password.",
  MALFORMED_BODY: "The request body is not valid JSON.",
  BODY_TOO_LARGE: "The request is too large.",
  NAME_MISSING: "Enter your name.",
  NAME_TOO_LONG: "Enter a name of at most 100 characters.",
  NAME_INVALID: "Enter your name as plain text, without links or special characters.",
  IMAGE_NOT_SETTABLE: "Change your picture by uploading one on the account page.",
  ONLY_NAME_CHANGEABLE: "Only your name can be changed here.",
  EMAIL_ALREADY_VERIFIED: "This email address is already confirmed. Log in with your password.",
  // Google sign-in errors arrive as ?error= on /login.
  access_denied: "Google sign-in was cancelled.",
  unable_to_create_user: "We could not create your account from Google. Sign-up may be closed, or try again.",
  signup_disabled: "Sign-up is closed at the moment. Please try again later.",
};

export const GENERIC_AUTH_ERROR = "Something went wrong. Please try again.";

/** A validation failure's sentence per field, instead of Better Auth's "[body.email] Invalid email address". */
const FIELD_MESSAGES: Record<string, string> = {
  email: AUTH_MESSAGES.INVALID_EMAIL,
  password: "Enter a password.",
  newPassword: "Enter a new password.",
  currentPassword: "Enter your current password.",
  name: AUTH_MESSAGES.NAME_MISSING,
  token: AUTH_MESSAGES.INVALID_TOKEN,
};
const CHECK_FIELDS = "Some fields are missing or not valid. Check them and try again.";

function validationMessage(message: string | undefined): string {
  const field = /\[body\.(\w+)/.exec(message ?? "")?.[1];
  return (field && FIELD_MESSAGES[field]) || CHECK_FIELDS;
}

export function authMessage(code: string | undefined, fallback?: string): string {
  if (code === "VALIDATION_ERROR") return validationMessage(fallback);
  return (code && AUTH_MESSAGES[code]) || fallback || GENERIC_AUTH_ERROR;
}
