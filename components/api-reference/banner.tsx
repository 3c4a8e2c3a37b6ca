import Link from "next/link";

/** The public page's header: the product's name in its brand bar, and the way to sign in. */
export function Banner() {
  return (
    <header className="focus-light bg-brand-800 text-white shadow-sm">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <p className="flex flex-col leading-tight">
          <span className="text-base font-semibold">Assessment Platform</span>
          <span className="text-xs text-brand-100">For integrators</span>
        </p>
        <Link href="/sign-in" className="rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10">
          Sign in
        </Link>
      </div>
    </header>
  );
}
