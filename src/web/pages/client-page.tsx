// /clients/{id}: a client's contact details (tap to call, tap to mail), their reports newest
// first, "New report for {name}", and changing or deleting the client.
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Mail, MapPin, Pencil, Phone, Plus, Trash2 } from 'lucide-react';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { useClient } from '../lib/clients';
import { useProjectPages } from '../features/reports/api/project-pages';
import { ProjectCard } from '../features/reports/project-card';
import { useCreateReport } from '../features/reports/use-create-report';
import { usePageTitle } from '../lib/page-title';
import { OfflinePill } from '../components/offline-note';
import { DeleteClientDialog, EditClientForm } from '../features/clients/edit-client';
import { useMayCall } from '../lib/roles';
import { t } from '../lib/i18n/i18n';

export default function ClientPage() {
  const clientId = Number(useParams<{ id: string }>().id);
  const { data: client, isError } = useClient(clientId);
  const reports = useProjectPages('', clientId);
  const { createReport, isCreating } = useCreateReport();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const mayEdit = useMayCall('updateClient');
  const [, navigate] = useLocation();
  usePageTitle('clients', client?.name);

  if (isError && !client) {
    return (
      <div className="min-h-dvh">
        <SignedInHeader />
        <main className="mx-auto max-w-5xl px-4 py-6">
          <p>{t('clients.notFound')}</p>
          <Link href="/clients" className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
            {t('clients.back')}
          </Link>
        </main>
      </div>
    );
  }
  if (!client) return <PageSpinner />;
  const projects = reports.data?.pages.flat() ?? [];

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-5xl px-4 py-4 sm:py-6">
        <OfflinePill />
        <Link href="/clients" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          {t('clients.back')}
        </Link>
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{client.name}</h1>
        <ul className="mt-2 space-y-1 text-slate-700">
          {client.phone && (
            <li>
              <a href={`tel:${client.phone.replace(/[^0-9+]/g, '')}`} className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline">
                <Phone className="size-4" aria-hidden="true" />
                {client.phone}
              </a>
            </li>
          )}
          {client.email && (
            <li>
              <a href={`mailto:${client.email}`} className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline">
                <Mail className="size-4" aria-hidden="true" />
                {client.email}
              </a>
            </li>
          )}
          {client.address && (
            <li className="inline-flex items-center gap-2">
              <MapPin className="size-4" aria-hidden="true" />
              {client.address}
            </li>
          )}
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={() => createReport({ clientId: client.id })} disabled={isCreating}>
            <Plus className="size-5" aria-hidden="true" />
            {isCreating ? t('common.creating') : t('clients.newReportFor', { name: client.name })}
          </Button>
          {mayEdit && (
            <>
              <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
                <Pencil className="size-4" aria-hidden="true" /> {t('clients.edit')}
              </Button>
              <Button variant="secondary" onClick={() => setDeleting(true)}>
                <Trash2 className="size-4" aria-hidden="true" /> {t('clients.delete')}
              </Button>
            </>
          )}
        </div>
        {editing && <EditClientForm client={client} onDone={() => setEditing(false)} />}
        <DeleteClientDialog client={deleting ? client : null} onClose={() => setDeleting(false)} onDeleted={() => navigate('/clients')} />
        <section aria-labelledby="client-reports-heading" className="mt-6">
          <h2 id="client-reports-heading" className="text-lg font-semibold">
            {t('count.reportsOfClient', { count: client.reportCount })}
          </h2>
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {projects.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ul>
          {reports.hasNextPage && (
            <Button variant="secondary" className="mt-3" onClick={() => void reports.fetchNextPage()} disabled={reports.isFetchingNextPage}>
              {t('clients.moreReports')}
            </Button>
          )}
        </section>
      </main>
    </div>
  );
}
