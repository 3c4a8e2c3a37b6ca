/** Texts people see on the sign-in pages and from the auth API (pure: the browser forms use them too). */

export const USERNAME_REQUIRED = "Username is required";
export const USERNAME_FORMAT = "Invalid username format";
export const PASSWORD_REQUIRED = "Password is required";
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_FORMAT = "Invalid email format";
export const INVALID_CREDENTIALS = "Invalid username or password";

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const ACCOUNT_LOCKED = `Your account is locked after ${LOCKOUT_FAILURES} failed sign-in attempts. Try again in ${LOCKOUT_MINUTES} minutes or reset your password with 'Forgot password?'.`;
export const ACCOUNT_LOCKED_BY_ADMIN = "Your account is locked. Contact your administrator.";
export const ACCOUNT_DISABLED = "Your account is disabled. Contact your administrator.";
export const LOGIN_RATE_LIMITED = "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.";
export const FORGOT_RATE_LIMITED = "Too many password reset requests from your network. Please wait 15 minutes and try again.";

export const FORGOT_SENT = "An email has been sent and contains a link to reset your password.";
export const RESET_DONE = "Password has been successfully reset.";
export const REGISTRATION_DONE = "User registration completed.";
export const RESET_LINK_INVALID = "This password reset link is invalid, has expired or was already used. Request a new one with 'Forgot password?'.";
export const REGISTRATION_LINK_INVALID = "This registration link is invalid, has expired or was already used. Ask your administrator for a new one.";
export const LOGGED_OUT = "You have been logged out.";

/** Why a person arrived at the sign-in page (?reason=). */
const REASON_TEXT: Record<string, string> = {
  "401": "Your session has ended. Please sign in again.",
  logout: LOGGED_OUT,
  "header-route": "Please sign in to open that page.",
  "bad-session": "Your session is missing or has expired. Please sign in.",
};

/**
 * Codes a failed browser sign-in carries back from next-auth (?error=), mapped to their text; any
 * other code reads as invalid credentials, so a crafted link cannot put words on the page.
 */
export const SIGN_IN_ERROR_CODES = {
  CredentialsSignin: INVALID_CREDENTIALS,
  AccountLocked: ACCOUNT_LOCKED,
  AccountLockedByAdmin: ACCOUNT_LOCKED_BY_ADMIN,
  AccountDisabled: ACCOUNT_DISABLED,
  RateLimited: LOGIN_RATE_LIMITED,
  InvalidUsername: USERNAME_FORMAT,
  UsernameRequired: USERNAME_REQUIRED,
  PasswordRequired: PASSWORD_REQUIRED,
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_CODES;

export function signInErrorText(code: string | null | undefined): string | null {
  if (!code) return null;
  // Own keys only: ?error=constructor must not put Object's constructor on the page.
  return Object.hasOwn(SIGN_IN_ERROR_CODES, code) ? SIGN_IN_ERROR_CODES[code as SignInErrorCode] : INVALID_CREDENTIALS;
}

/** The text of a sign-in arrival reason (?reason=); none for an unknown one. */
export function signInReasonText(reason: string | null | undefined): string | null {
  return reason && Object.hasOwn(REASON_TEXT, reason) ? REASON_TEXT[reason] : null;
}

/** name@host.tld with no spaces and no control characters (next-auth's sign-in form passes no wrapper that would refuse a NUL). */
export const EMAIL_PATTERN = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;

/** Changing one's own email or password (PUT /users, the profile page). */
export const CREDENTIALS_WHILE_IMPERSONATING = "Email and password cannot be changed while impersonating. End the impersonation to change your own.";
export const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your email or password";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct";

/** Impersonation never reaches above the admin's own roles or organisations. */
export const IMPERSONATION_ABOVE_OWN = "You can only impersonate users whose roles and organisations are within your own";
