/** A user's own private channel on Pusher (the `private-` prefix makes Pusher ask us before a browser joins). */
export function channelFor(user: { tenantId: number; userId: number }): string {
  return `private-user-${user.tenantId}-${user.userId}`;
}
