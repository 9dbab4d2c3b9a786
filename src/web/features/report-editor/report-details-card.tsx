import { t } from '../../lib/i18n/i18n';
import { useState } from 'react';
import { Check } from 'lucide-react';
import type { Project, UpdateProjectBody } from '@shared/contract/projects';
import { CLIENT_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '@shared/rules';
import { Card, CardTitle } from '../../components/ui/card';
import { Input, Label, Textarea } from '../../components/ui/input';
import { notifyFailure } from '../../lib/api-errors';
import { useUpdateProject } from './api/project-api';

type Field = keyof Required<UpdateProjectBody>;

/** Report Details (spec §2): each field is saved when it loses focus and its value changed. */
export function ReportDetailsCard({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const [values, setValues] = useState({ clientName: project.clientName, description: project.description });
  const [saved, setSaved] = useState<Record<Field, string>>({ clientName: project.clientName, description: project.description });
  const [justSaved, setJustSaved] = useState<Field | null>(null);

  const saveIfChanged = (field: Field) => {
    const value = values[field].trim();
    if (value === saved[field].trim()) return;
    update.mutate(
      { [field]: value },
      {
        onSuccess: () => {
          setSaved((current) => ({ ...current, [field]: value }));
          setJustSaved(field);
        },
        onError: (error) => notifyFailure(error, t('details.updateFailed')),
      },
    );
  };

  const savedNote = (field: Field) =>
    justSaved === field && !update.isPending ? (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-700">
        <Check className="size-3.5" aria-hidden="true" /> {t('details.saved')}
      </span>
    ) : null;

  return (
    <Card aria-labelledby="report-details-title">
      <CardTitle id="report-details-title">{t('details.title')}</CardTitle>
      <div className="mt-3 space-y-4">
        <div>
          <div className="flex items-center justify-between">
            <Label htmlFor="client-name">{t('details.clientName')}</Label>
            <span aria-live="polite">{savedNote('clientName')}</span>
          </div>
          <Input
            id="client-name"
            autoComplete="off"
            placeholder={t('details.clientPlaceholder')}
            maxLength={CLIENT_NAME_MAX_LENGTH}
            value={values.clientName}
            onChange={(event) => setValues((v) => ({ ...v, clientName: event.target.value }))}
            onFocus={() => setJustSaved(null)}
            onBlur={() => saveIfChanged('clientName')}
          />
        </div>
        <div>
          <div className="flex items-center justify-between">
            <Label htmlFor="description">{t('details.description')}</Label>
            <span aria-live="polite">{savedNote('description')}</span>
          </div>
          <Textarea
            id="description"
            rows={3}
            placeholder={t('details.descriptionPlaceholder')}
            maxLength={DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={(event) => setValues((v) => ({ ...v, description: event.target.value }))}
            onFocus={() => setJustSaved(null)}
            onBlur={() => saveIfChanged('description')}
          />
        </div>
      </div>
    </Card>
  );
}
