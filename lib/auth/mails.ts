/** The texts of the auth mails (plain text and a simple HTML twin). */

interface MailPerson {
  firstName: string;
  username: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paragraphs with an optional link after the second. */
function compose(subject: string, paragraphs: string[], link?: { text: string; href: string }) {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link.href] : []), ...paragraphs.slice(2)].join("\n\n") + "\n";
  const html = [
    ...paragraphs.slice(0, 2).map((p) => `<p>${escape(p)}</p>`),
    ...(link ? [`<p><a href="${escape(link.href)}">${escape(link.text)}</a></p>`] : []),
    ...paragraphs.slice(2).map((p) => `<p>${escape(p)}</p>`),
  ].join("\n");
  return { subject, text, html };
}

export function resetMail({ user, tenantName, link }: { user: MailPerson; tenantName: string; link: string }) {
  return compose(
    "Reset your password",
    [
      `Hello ${user.firstName},`,
      `We received a request to reset the password of your ${tenantName} account (${user.username}). Open this link within 1 hour to choose a new password:`,
      "The link works once. If you did not ask for a new password, ignore this mail: your password stays as it is.",
    ],
    { text: "Reset your password", href: link },
  );
}

export function registrationMail({ user, tenantName, link }: { user: MailPerson; tenantName: string; link: string }) {
  return compose(
    "Complete your registration",
    [
      `Hello ${user.firstName},`,
      `An account has been created for you on the ${tenantName} assessment platform. Your username is ${user.username}. Open this link within 7 days to choose your password:`,
      "The link works once. If you did not expect this mail, ignore it or tell your administrator.",
    ],
    { text: "Choose your password", href: link },
  );
}

/** To the old address after an email change: the owner learns of it even if someone else made it. */
export function emailChangedMail({ user, tenantName }: { user: MailPerson; tenantName: string }) {
  return compose("Your email address was changed", [
    `Hello ${user.firstName},`,
    `The email address of your ${tenantName} account (${user.username}) was changed. Mails from the assessment platform, password reset links included, now go to the new address, not to this one.`,
    "If you did not make this change, contact your administrator at once: someone else may be using your account.",
  ]);
}
