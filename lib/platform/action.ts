import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { z, ZodError } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import { actorFromHeaders, type Actor } from "./actor";
import { refuseControlCharacters } from "./control-characters";
import { refuseLongText } from "./input-limits";
import { refuseDeepJson } from "./request-body";
import { strictSchema } from "./strict-schema";
import { AppError, MESSAGES, type FieldError } from "./errors";
import { fieldErrors } from "./api";
import { errorFields, log } from "./logger";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string; errors?: FieldError[] };

/** A server action as its callers see it: a typed object, or the FormData of a `<form action>`. */
type ServerAction<S extends z.ZodType, T> = (input: z.input<S> | FormData) => Promise<ActionResult<T>>;

/** A form's fields as an object: one value per name, an array where a name repeats (checkbox groups). */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  // React's own fields of a form posted before hydration ($ACTION_ID_..., $ACTION_REF_...) are no input.
  for (const name of new Set([...form.keys()].filter((key) => !key.startsWith("$ACTION")))) {
    const values = form.getAll(name);
    fields[name] = values.length > 1 ? values : values[0];
  }
  return fields;
}

/** A typed input without its undefined keys: `{ isCensus: undefined }` says nothing, so it names no unknown field. */
function definedFields(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/**
 * The one server-action wrapper, the twin of apiRoute: server actions are public endpoints, so each
 * resolves the actor, checks the permission and parses its input again, and answers with the same
 * error texts. `public: true` actions (forgot, reset, registration) run without a session and get no
 * actor. `run` also gets the request's headers (address and host for rate limits and tenants).
 * Next's redirect() and notFound() inside `run` go through to Next.
 */
export function action<S extends z.ZodType, T>(
  options: { input: S; public: true },
  run: (input: z.output<S>, request: Headers) => Promise<T>,
): ServerAction<S, T>;
export function action<S extends z.ZodType, T>(
  options: { input: S; permission?: Permission },
  run: (actor: Actor, input: z.output<S>, request: Headers) => Promise<T>,
): ServerAction<S, T>;
export function action<S extends z.ZodType, T>(
  options: { input: S; permission?: Permission; public?: true },
  run: ((input: z.output<S>, request: Headers) => Promise<T>) | ((actor: Actor, input: z.output<S>, request: Headers) => Promise<T>),
): ServerAction<S, T> {
  // Strict as the API's bodies: an unknown key is refused by name, never dropped in silence.
  const schema = strictSchema(options.input);
  return async (raw) => {
    try {
      const request = await headers();
      const parse = () => {
        const fields = raw instanceof FormData ? formFields(raw) : definedFields(raw);
        refuseDeepJson(fields);
        refuseLongText(fields);
        const input = schema.parse(fields);
        refuseControlCharacters(fields);
        return input;
      };
      if (options.public) return { ok: true, data: await (run as (input: z.output<S>, request: Headers) => Promise<T>)(parse(), request) };
      const actor = await actorFromHeaders(request);
      if (!actor) return { ok: false, message: MESSAGES[401] };
      if (options.permission && !can(actor, options.permission)) return { ok: false, message: MESSAGES[403] };
      return { ok: true, data: await (run as (actor: Actor, input: z.output<S>, request: Headers) => Promise<T>)(actor, parse(), request) };
    } catch (error) {
      unstable_rethrow(error);
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
