import type { ReactNode } from "react";
import { LOCKOUT_FAILURES, LOCKOUT_MINUTES } from "@/lib/auth/messages";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/platform/session-token";
import { InlineCode } from "./inline-code";
import { StatusTable } from "./status-table";

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800";

function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-3 shadow-xs tablet:p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-6 text-slate-700">{children}</div>
    </section>
  );
}

/** A shell example; the pre is a focusable region so a keyboard can scroll a line wider than the screen. */
function Example({ label, children }: { label: string; children: string }) {
  return (
    <pre role="region" tabIndex={0} aria-label={label} className="overflow-x-auto rounded-md bg-slate-900 p-4 font-mono text-xs leading-5 text-slate-50">
      <code>{children}</code>
    </pre>
  );
}

/** How to sign in as a client (the file watcher, the KRA and ELA apps). */
export function Authentication({ base }: { base: string }) {
  const hours = SESSION_MAX_AGE_SECONDS / 3600;
  return (
    <GuideSection id="authentication" title="Authentication">
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Sign in with <code className={code}>POST {base}/login</code> and a JSON body <code className={code}>{`{ "username": "…", "password": "…" }`}</code>,
          on your programme&apos;s own address (its host name picks the tenant). The answer holds <code className={code}>jwt</code> and the person&apos;s{" "}
          <code className={code}>profileData</code>.
        </li>
        <li>
          Send <code className={code}>Authorization: Bearer &lt;jwt&gt;</code> on every other call. The jwt is valid for {hours} hours at most; a{" "}
          <code className={code}>401</code> means the session has ended (logout, an expired, locked or disabled account): sign in again.
        </li>
        <li>
          <code className={code}>GET {base}/login/me</code> answers the session in force; <code className={code}>GET {base}/logout</code> ends it on the server.
        </li>
      </ol>
      <p>
        {LOCKOUT_FAILURES} wrong passwords lock an account for {LOCKOUT_MINUTES} minutes (<code className={code}>423</code>), and too many attempts from one
        address answer <code className={code}>429</code>. Bearer clients need no CSRF token; changes made with a browser&apos;s session cookie must come from
        this site&apos;s own pages.
      </p>
      <Example label="Example: sign in, then call the API with the jwt">
        {`curl -s -X POST https://your-host${base}/login \\
  -H 'content-type: application/json' \\
  -d '{"username":"name@example.org","password":"…"}'

curl -s https://your-host${base}/race-codes \\
  -H 'authorization: Bearer <jwt>'`}
      </Example>
    </GuideSection>
  );
}

/** What holds for every operation: paths, JSON, ids, dates and the error shape. */
export function Conventions({ base, statuses }: { base: string; statuses: { status: number; text: string }[] }) {
  return (
    <GuideSection id="conventions" title="Conventions">
      <ul className="list-disc space-y-2 pl-5">
        <li>
          Every path below is under <code className={code}>{base}</code>: <code className={code}>/login</code> is <code className={code}>{base}/login</code>.
          Bodies and answers are JSON (<code className={code}>content-type: application/json</code>), except file transfers.
        </li>
        <li>Ids are integers. Dates are unix seconds unless a field&apos;s type says otherwise.</li>
        <li>
          <InlineCode text="Every error answers `{ message, errors? }`: `message` is a sentence to show, `errors` lists `{ field, message }` for each invalid field (`_` for the whole input)." />
        </li>
        <li>Another tenant&apos;s record, or one outside the caller&apos;s reach, answers 404, never 403.</li>
      </ul>
      <StatusTable caption="Error statuses used by this API" statuses={statuses} />
    </GuideSection>
  );
}
