import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/transfers/pager";
import { TransfersTable } from "@/components/transfers/transfers-table";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PageHeading } from "@/components/ui/page-heading";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listTransfers } from "@/lib/transfers/queries";
import { TRANSFER_LISTS, transferListQuery, type TransferList } from "@/lib/transfers/schemas";

export const metadata: Metadata = { title: "Transfers" };

const LABELS: Record<TransferList, string> = { incoming: "Incoming", outgoing: "Outgoing", history: "History" };

/** The spec's three transfer lists; incoming requests are approved or declined here. */
export default async function TransfersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "transfers.manage", path: "/administrator/transfers" });
  const params = await searchParams;
  const list = TRANSFER_LISTS.find((l) => l === params.list) ?? "incoming";
  const parsed = transferListQuery.safeParse({ page: params.page });
  const query = parsed.success ? parsed.data : transferListQuery.parse({});
  const result = await listTransfers(actor, list, query);
  const first = result.total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(result.total, query.page * query.pageSize);
  return (
    <>
      <PageHeading
        title="Transfers"
        description="Children moving between locations: the sending side requests, the receiving side approves or declines."
        actions={
          <>
            <Link href="/administrator/students/merge" className={buttonClasses("secondary")}>
              Merge students
            </Link>
            <Link href="/administrator/transfers/new" className={buttonClasses("primary")}>
              Request transfer
            </Link>
          </>
        }
      />
      <nav aria-label="Transfer lists" className="mb-4 flex gap-2 border-b border-slate-200">
        {TRANSFER_LISTS.map((l) => (
          <Link
            key={l}
            href={`/administrator/transfers?list=${l}`}
            aria-current={l === list ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              l === list ? "border-brand-600 text-brand-800" : "border-transparent text-slate-700 hover:text-slate-900",
            )}
          >
            {LABELS[l]}
          </Link>
        ))}
      </nav>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <TransfersTable list={list} transfers={result.transfers} />
        <Pager
          page={query.page}
          hasMore={last < result.total}
          href={(page) => `/administrator/transfers?list=${list}&page=${page}`}
          summary={`${first}–${last} of ${result.total.toLocaleString("en-US")}`}
        />
      </div>
    </>
  );
}
