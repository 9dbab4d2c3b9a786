import { t } from '../../lib/i18n/i18n';
import { useEffect, useState } from 'react';
import { Check, CloudOff } from 'lucide-react';
import type { Project } from '@shared/contract/projects';
import { CLIENT_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '@shared/rules';
import { Card, CardTitle } from '../../components/ui/card';
import { Input, Label, Textarea } from '../../components/ui/input';
import { useCurrentUser } from '../../lib/auth';
import { keptDetail, onEditOutcome, saveDetail, type DetailsField } from './details/details-edits';
import { LinkedClientField } from './linked-client-field';
import { AssigneeField } from './assignee-field';
import { mayCall } from '../../lib/roles';
import { useOutboxItems } from '../../lib/outbox/app-outbox';

type Field = DetailsField;
type FieldState = 'sending' | 'saved' | 'kept';

/**
 * Report Details (spec §2): each field is saved when it loses focus and its value changed. With
 * no signal the edit is kept on the device and sent once the connection is back.
 */
export function ReportDetailsCard({ project }: { project: Project }) {
  const user = useCurrentUser().data;
  const userId = user?.id ?? null;
  // An edit kept on this device and not yet sent shows, not the server's older value.
  const [initial] = useState(() => ({
    clientName: (userId !== null ? keptDetail(userId, project.id, 'clientName') : undefined) ?? project.clientName,
    description: (userId !== null ? keptDetail(userId, project.id, 'description') : undefined) ?? project.description,
  }));
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState<Record<Field, string>>(initial);
  const [state, setState] = useState<Partial<Record<Field, FieldState>>>({});

  // The report may first show as this device kept it, then as the server has it (or change on
  // another device): a field the user is not editing follows the newer value.
  const [shown, setShown] = useState({ clientName: project.clientName, description: project.description });
  if (shown.clientName !== project.clientName || shown.description !== project.description) {
    setShown({ clientName: project.clientName, description: project.description });
    const follow = (field: Field) => values[field] === saved[field] && state[field] !== 'sending' && state[field] !== 'kept' && project[field] !== shown[field];
    const next = { ...values };
    for (const field of ['clientName', 'description'] as const) if (follow(field)) next[field] = project[field];
    setValues(next);
    setSaved((current) => ({
      ...current,
      ...Object.fromEntries((['clientName', 'description'] as const).filter(follow).map((field) => [field, project[field]])),
    }));
  }

  // An edit kept on this device may become known only after the card is shown (the outbox is read
  // from the device, the signed-in user loads): a field the user is not editing takes it then.
  useOutboxItems(); // re-rendered as the outbox changes
  const kept = {
    clientName: userId !== null ? keptDetail(userId, project.id, 'clientName') : undefined,
    description: userId !== null ? keptDetail(userId, project.id, 'description') : undefined,
  };
  const [shownKept, setShownKept] = useState(kept);
  if (shownKept.clientName !== kept.clientName || shownKept.description !== kept.description) {
    setShownKept(kept);
    const take = (field: Field) =>
      kept[field] !== undefined && kept[field] !== shownKept[field] && values[field] === saved[field] && state[field] !== 'sending';
    const taken = (['clientName', 'description'] as const).filter(take);
    if (taken.length > 0) {
      const next = Object.fromEntries(taken.map((field) => [field, kept[field]!]));
      setValues((current) => ({ ...current, ...next }));
      setSaved((current) => ({ ...current, ...next }));
    }
  }

  useEffect(
    () =>
      onEditOutcome((edit, outcome) => {
        if (edit.projectId !== project.id) return;
        setState((current) => ({ ...current, [edit.field]: outcome === 'refused' ? undefined : outcome }));
      }),
    [project.id],
  );

  const saveIfChanged = (field: Field) => {
    const value = values[field].trim();
    if (value === saved[field].trim() || userId === null) return;
    setSaved((current) => ({ ...current, [field]: value }));
    setState((current) => ({ ...current, [field]: 'sending' }));
    void saveDetail({ userId, projectId: project.id, field, value });
  };

  const savedNote = (field: Field) =>
    state[field] === 'saved' ? (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-700">
        <Check className="size-3.5" aria-hidden="true" /> {t('details.saved')}
      </span>
    ) : state[field] === 'kept' ? (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800" data-testid="edit-kept">
        <CloudOff className="size-3.5" aria-hidden="true" /> {t('details.kept')}
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
            onFocus={() => setState((current) => ({ ...current, clientName: current.clientName === 'saved' ? undefined : current.clientName }))}
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
            onFocus={() => setState((current) => ({ ...current, description: current.description === 'saved' ? undefined : current.description }))}
            onBlur={() => saveIfChanged('description')}
          />
        </div>
        {/* A report made with no signal is not on the server yet: it is linked once it is. */}
        {project.id > 0 && <LinkedClientField project={project} />}
        {/* An owner or a manager assigns; the team lists only for them (GET /api/team). */}
        {project.id > 0 && mayCall(user?.role, 'getTeam') && <AssigneeField project={project} />}
      </div>
    </Card>
  );
}
