// /templates: the kinds of job New Report offers. The built-in ones are copied to be changed; the
// business's own are renamed, their areas added, removed, reordered and given their minimums, or
// deleted (reports made from them keep their areas).
import { useState } from 'react';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import type { Template } from '@shared/contract/templates';
import { SignedInHeader } from './signed-in-header';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { Spinner } from '../components/ui/spinner';
import { OfflinePill } from '../components/offline-note';
import { notifyFailure } from '../lib/api-errors';
import { t } from '../lib/i18n/i18n';
import { useIsOnline } from '../lib/online';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from '../features/templates/api/templates-api';
import { TemplateEditor } from '../features/templates/template-editor';
import { useMayCall } from '../lib/roles';

export default function TemplatesPage() {
  usePageTitle('templates');
  const templates = useTemplates();
  const copy = useCreateTemplate();
  const online = useIsOnline();
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Template | null>(null);
  // A cleaner uses the templates; an owner or a manager changes them.
  const mayManage = useMayCall('createTemplate');

  const copyOf = (template: Template) =>
    copy.mutate(
      { copyFrom: template.id, name: t('templates.copyName', { name: template.name }) },
      {
        onSuccess: (made) => {
          toast({ title: t('templates.copied') });
          setEditing(made.id);
        },
        onError: (error) => notifyFailure(error, t('templates.copyFailed')),
      },
    );

  return (
    <div className="min-h-dvh">
      <SignedInHeader />
      <main className="mx-auto max-w-3xl px-4 py-4 sm:py-6">
        <OfflinePill />
        <h1 className="text-2xl font-bold">{t('templates.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('templates.lead')}</p>
        {templates.isError && !templates.data && <p className="mt-3 text-slate-700">{t('templates.loadFailed')}</p>}
        {!templates.data && !templates.isError && <Spinner />}
        <ul className="mt-4 flex flex-col gap-3">
          {templates.data?.map((template) => (
            <li key={template.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="template-card">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">{template.name}</h2>
                  <p className="text-sm text-slate-600">
                    {template.builtIn ? t('templates.builtIn') : t('templates.own')} · {t('newReport.areaCount', { count: template.areas.length })}
                  </p>
                  <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{template.areas.map((area) => area.name).join(' · ')}</p>
                </div>
                {mayManage && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      onClick={() => copyOf(template)}
                      disabled={!online || copy.isPending}
                      aria-label={t('templates.copy', { name: template.name })}
                    >
                      <Copy className="size-4" aria-hidden="true" /> {t('templates.copyShort')}
                    </Button>
                    {!template.builtIn && (
                      <>
                        <Button
                          variant="secondary"
                          aria-expanded={editing === template.id}
                          onClick={() => setEditing(editing === template.id ? null : template.id)}
                          disabled={!online}
                          aria-label={t('templates.edit', { name: template.name })}
                        >
                          <Pencil className="size-4" aria-hidden="true" /> {t('templates.editShort')}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => setToDelete(template)}
                          disabled={!online}
                          aria-label={t('templates.delete', { name: template.name })}
                        >
                          <Trash2 className="size-4" aria-hidden="true" /> {t('templates.deleteShort')}
                        </Button>
                      </>
                    )}
                  </div>
                )}
              </div>
              {editing === template.id && <TemplateEditor template={template} onDone={() => setEditing(null)} />}
            </li>
          ))}
        </ul>
      </main>
      <DeleteTemplateDialog template={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

function DeleteTemplateDialog({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const remove = useDeleteTemplate();
  const confirm = () => {
    if (!template) return;
    remove.mutate(template, {
      onSuccess: () => {
        toast({ title: t('templates.deleted') });
        onClose();
      },
      onError: (error) => notifyFailure(error, t('templates.deleteFailed')),
    });
  };
  return (
    <Dialog
      open={template !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('templates.deleteTitle')}
      description={template ? t('templates.deleteText', { name: template.name }) : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('common.deleting') : t('templates.deleteSubmit')}
        </Button>
      </div>
    </Dialog>
  );
}
