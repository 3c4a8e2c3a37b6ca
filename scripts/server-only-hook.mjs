// Lets scripts outside Next (the job worker, the seed CLI) import lib/ modules marked
// `import "server-only"`: that package throws unless resolved under Next's react-server condition,
// which would also swap React's build. Here it resolves to an empty module instead.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
      return next(specifier, context);
    }`),
);
