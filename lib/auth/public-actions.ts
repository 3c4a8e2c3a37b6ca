"use server";

import { headers } from "next/headers";
import { z, ZodError } from "zod";
import { AppError, MESSAGES } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import { completeRegistration, requestPasswordReset, resetPassword } from "./recovery";
import { forgotPasswordSchema, resetPasswordSchema } from "./schemas";
import { requestContext, type RequestContext } from "./sessions";

/**
 * The forgot, reset and registration forms' server actions: open without a session, so they take
 * no actor; they parse their input and answer the same texts as the API routes.
 */
export type FormResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

async function run<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  service: (input: z.output<S>, context: RequestContext) => Promise<{ message: string }>,
): Promise<FormResult> {
  try {
    const { message } = await service(schema.parse(raw), requestContext(await headers()));
    return { ok: true, message };
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      return { ok: false, message: issue?.message ?? MESSAGES[400], field: issue?.path.join(".") };
    }
    if (error instanceof AppError) return { ok: false, message: error.message, field: error.errors?.[0]?.field };
    log.error("auth form failed", errorFields(error));
    return { ok: false, message: MESSAGES[500] };
  }
}

export async function requestPasswordResetAction(input: { email: string }): Promise<FormResult> {
  return run(forgotPasswordSchema, input, requestPasswordReset);
}

export async function resetPasswordAction(input: { confirmationToken: string; password: string }): Promise<FormResult> {
  return run(resetPasswordSchema, input, resetPassword);
}

export async function completeRegistrationAction(input: { confirmationToken: string; password: string }): Promise<FormResult> {
  return run(resetPasswordSchema, input, completeRegistration);
}
