import { headers } from "next/headers";
import { z, ZodError } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import { actorFromHeaders, type Actor } from "./actor";
import { refuseControlCharacters } from "./control-characters";
import { AppError, MESSAGES, type FieldError } from "./errors";
import { fieldErrors } from "./api";
import { errorFields, log } from "./logger";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string; errors?: FieldError[] };

/**
 * The server-action twin of apiRoute: server actions are public endpoints, so each one resolves the
 * actor, checks the permission and parses its input again, and answers with the same error texts.
 */
export function action<S extends z.ZodType, T>(
  options: { input: S; permission?: Permission },
  run: (actor: Actor, input: z.output<S>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    try {
      const actor = await actorFromHeaders(await headers());
      if (!actor) return { ok: false, message: MESSAGES[401] };
      if (options.permission && !can(actor, options.permission)) return { ok: false, message: MESSAGES[403] };
      const input = options.input.parse(raw);
      refuseControlCharacters(raw);
      return { ok: true, data: await run(actor, input) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, message: error.message, errors: error.errors };
      if (error instanceof ZodError) {
        const errors = fieldErrors(error);
        return { ok: false, message: errors[0]?.message ?? MESSAGES[400], errors };
      }
      log.error("action failed", errorFields(error));
      return { ok: false, message: MESSAGES[500] };
    }
  };
}
