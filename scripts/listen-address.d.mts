export function listenHost(env: Record<string, string | undefined>): string;
