// /clients: adding a client, then opening their page.
import { useLocation } from 'wouter';
import { t } from '../../lib/i18n/i18n';
import { useCreateClient } from './api/clients-api';
import { ClientForm } from './client-form';

export function AddClientForm() {
  const [, navigate] = useLocation();
  const create = useCreateClient();
  return (
    <ClientForm
      heading={t('clients.add.title')}
      submitText={t('clients.add.submit')}
      pendingText={t('clients.adding')}
      failedText={t('clients.addFailed')}
      isPending={create.isPending}
      save={(fields, handlers) => create.mutate(fields, handlers)}
      onSaved={(client) => navigate(`/clients/${client.id}`)}
    />
  );
}
