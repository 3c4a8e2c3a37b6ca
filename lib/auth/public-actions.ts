"use server";

import { action } from "@/lib/platform/action";
import { completeRegistration, requestPasswordReset, resetPassword } from "./recovery";
import { forgotPasswordSchema, resetPasswordSchema } from "./schemas";
import { requestContext } from "./sessions";

/**
 * The forgot, reset and registration forms' server actions: open without a session, so they take
 * no actor; they answer `{ message }` with the same texts as the API routes.
 */
export const requestPasswordResetAction = action({ input: forgotPasswordSchema, public: true }, (input, request) =>
  requestPasswordReset(input, requestContext(request)),
);

export const resetPasswordAction = action({ input: resetPasswordSchema, public: true }, (input, request) => resetPassword(input, requestContext(request)));

export const completeRegistrationAction = action({ input: resetPasswordSchema, public: true }, (input, request) =>
  completeRegistration(input, requestContext(request)),
);
