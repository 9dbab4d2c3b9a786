// Changing a client's details (their past reports keep the name they were sent under) and
// deleting a client (their reports stay, unlinked), both from the client's page.
import type { Client } from '@shared/contract/clients';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { notifyFailure } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { useDeleteClient, useUpdateClient } from './api/clients-api';
import { ClientForm } from './client-form';

export function EditClientForm({ client, onDone }: { client: Client; onDone: () => void }) {
  const update = useUpdateClient(client.id);
  return (
    <ClientForm
      heading={t('clients.editTitle')}
      initial={{ name: client.name, phone: client.phone ?? '', email: client.email ?? '', address: client.address ?? '' }}
      submitText={t('clients.save')}
      pendingText={t('common.saving')}
      failedText={t('clients.saveFailed')}
      isPending={update.isPending}
      save={(fields, handlers) => update.mutate(fields, handlers)}
      onSaved={() => {
        toast({ title: t('clients.saved') });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

export function DeleteClientDialog({ client, onClose, onDeleted }: { client: Client | null; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteClient();
  const confirm = () => {
    if (!client) return;
    remove.mutate(client.id, {
      onSuccess: () => {
        toast({ title: t('clients.deleted'), description: t('clients.deletedText') });
        onDeleted();
      },
      onError: (error) => notifyFailure(error, t('clients.deleteFailed')),
    });
  };
  return (
    <Dialog
      open={client !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('clients.deleteTitle')}
      description={client ? t('clients.deleteText', { name: client.name }) : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('common.deleting') : t('clients.deleteSubmit')}
        </Button>
      </div>
    </Dialog>
  );
}
