// /clients: the business's clients, most recently served first, with search and a form to add one.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ChevronRight, Search } from 'lucide-react';
import { SignedInHeader } from './signed-in-header';
import { AddClientForm } from '../features/clients/add-client-form';
import { useClients } from '../features/clients/api/clients-api';
import { usePageTitle } from '../lib/page-title';
import { OfflinePill } from '../components/offline-note';
import { t } from '../lib/i18n/i18n';

export default function ClientsPage() {
  usePageTitle('clients');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 150);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data: clients, isError } = useClients(search);

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <OfflinePill />
        <h1 className="text-2xl font-bold">{t('clients.title')}</h1>
        <div className="relative mt-3">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-label={t('clients.search')}
            placeholder={t('clients.search')}
            maxLength={100}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-10 text-base focus-visible:outline-2 focus-visible:outline-brand-700"
          />
        </div>
        {isError && !clients && <p className="mt-3 text-slate-700">{t('clients.loadFailed')}</p>}
        {clients?.length === 0 && <p className="mt-3 text-slate-600">{search ? t('clients.noMatch', { query: search }) : t('clients.none')}</p>}
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {clients?.map((client) => (
            <li key={client.id} className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="client-card">
              <Link
                href={`/clients/${client.id}`}
                className="flex min-h-16 items-center gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <div className="min-w-0 flex-1">
                  <h2 className="truncate font-semibold text-slate-900">{client.name}</h2>
                  <p className="text-sm text-slate-600">{t('count.reportsOfClient', { count: client.reportCount })}</p>
                </div>
                <ChevronRight className="size-5 text-slate-500" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
        <AddClientForm />
      </main>
    </div>
  );
}
