// Where `npm start` and `npm run demo` listen. This machine only (127.0.0.1) unless HOSTNAME names
// another address (0.0.0.0 for every interface, behind your proxy): the demo's passwords are
// published in the README, so it must not be reachable from the network by default.
export function listenHost(env) {
  return env.HOSTNAME?.trim() || "127.0.0.1";
}
