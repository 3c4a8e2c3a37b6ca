/** An organisation's fields on its profile page (spec §3). */
export function OrgFields({ fields }: { fields: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-4 tablet:grid-cols-3">
      {fields.map((f) => (
        <div key={f.label} className="rounded-lg border border-slate-200 bg-white px-5 py-4 shadow-xs">
          <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-1 text-base text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
