/** The spec's error catalogue (platform.md section 8): texts people see for each status. */
export const MESSAGES = {
  400: "Something went wrong",
  401: "Authorization Error",
  403: "Token does not have the required permissions",
  404: "Not found",
  409: "The request couldn't be completed due to a conflicting resource call",
  500: "Unable to complete your request. If you believe this message to be in error contact your system administrator",
} as const;

export interface FieldError {
  field: string;
  message: string;
}

/** An error a service throws on purpose; the API wrapper turns it into a reply. */
/** Marks an AppError of any copy of this module (Next bundles it once per layer: pages, routes). */
const APP_ERROR = Symbol.for("assessment-platform.AppError");

export class AppError extends Error {
  readonly [APP_ERROR] = true;

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = "AppError";
  }

  /**
   * `instanceof AppError` by the mark, not the class: a process-wide singleton made by the pages'
   * copy (the storage driver on globalThis) throws that copy's AppError into a route, whose own
   * class check failed and answered 500 for a missing logo.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    // A subclass (SignInError) keeps the class check: not every AppError is one of it.
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
/** One field's validation failure, worded as the spec words it. */
export const fieldError = (field: string, message: string) => new AppError(400, message, [{ field, message }]);
export const unauthorized = (message: string = MESSAGES[401]) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES[403]) => new AppError(403, message);
/** Also the answer for another tenant's row: its existence is not revealed. */
export const notFound = (message: string = MESSAGES[404]) => new AppError(404, message);
export const conflict = (message: string = MESSAGES[409]) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
