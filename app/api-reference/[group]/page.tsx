import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Operation } from "@/components/api-reference/operation";
import { ReferenceFrame } from "@/components/api-reference/reference-frame";
import { openApiDocument } from "@/app/en/api/v1/_registry/document";
import { apiReference } from "@/lib/platform/openapi/reference";

type Props = { params: Promise<{ group: string }> };

function groupOf(slug: string) {
  const reference = apiReference(openApiDocument());
  return { reference, group: reference.groups.find((g) => g.slug === slug) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { group } = groupOf((await params).group);
  return { title: group ? `${group.name}: API reference` : "API reference" };
}

/** /api-reference/{group}: one group's operations, each with its anchor for the index's links. */
export default async function ApiReferenceGroupPage({ params }: Props) {
  await connection();
  const { reference, group } = groupOf((await params).group);
  if (!group) notFound();
  return (
    <ReferenceFrame
      groups={reference.groups}
      current={group}
      heading={
        <div>
          <p className="text-sm">
            <Link href="/api-reference" className="rounded-sm text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline">
              API reference
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{group.name}</h1>
          {group.description && <p className="mt-1 max-w-3xl text-sm text-slate-700">{group.description}</p>}
          <p className="mt-1 text-sm text-slate-600">
            Every path is under <code className="font-mono">{reference.base}</code>.
          </p>
        </div>
      }
    >
      {group.operations.map((op) => (
        <Operation key={op.id} op={op} />
      ))}
    </ReferenceFrame>
  );
}
