// The search field of the reports list and the clients list: a magnifier, a field a thumb can hit,
// and the typed text settling SEARCH_DEBOUNCE_MS after the typing pauses.
import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';

/** Results follow the typing once it pauses this long. */
export const SEARCH_DEBOUNCE_MS = 150;

/** The typed text, trimmed, once it has stayed the same for SEARCH_DEBOUNCE_MS. */
export function useSettledSearch(typed: string): string {
  const value = typed.trim();
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

interface SearchBoxProps {
  value: string;
  onChange: (typed: string) => void;
  label: string;
  placeholder: string;
  testId?: string;
}

export function SearchBox({ value, onChange, label, placeholder, testId }: SearchBoxProps) {
  return (
    <div className="relative mt-3">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        maxLength={100}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
        data-testid={testId}
      />
    </div>
  );
}
