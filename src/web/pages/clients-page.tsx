// /clients: the business's clients, most recently served first, with search and a form to add one.
import { useState } from 'react';
import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import { SignedInHeader } from './signed-in-header';
import { AddClientForm } from '../features/clients/add-client-form';
import { useClients } from '../lib/clients';
import { usePageTitle } from '../lib/page-title';
import { OfflinePill } from '../components/offline-note';
import { SearchBox, useSettledSearch } from '../components/search-box';
import { t } from '../lib/i18n/i18n';

export default function ClientsPage() {
  usePageTitle('clients');
  const [typed, setTyped] = useState('');
  const search = useSettledSearch(typed);
  const { data: clients, isError } = useClients(search);

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <OfflinePill />
        <h1 className="text-2xl font-bold">{t('clients.title')}</h1>
        <SearchBox value={typed} onChange={setTyped} label={t('clients.search')} placeholder={t('clients.search')} />
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
