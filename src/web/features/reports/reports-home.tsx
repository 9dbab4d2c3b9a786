// Placeholder until issue 3: the reports list and the report editor.
export function ReportsHome() {
  return <p className="text-slate-600">Your reports will appear here.</p>;
}
