// The client's answers on the open report: the approval (and a word when the report has changed
// since), and each issue on its pair's after photo, pinned where the client tapped, with Resolve.
// A lazy chunk: only reports a client has answered load it.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MapPin } from 'lucide-react';
import type { Approval, ClientIssue } from '@shared/contract/client-answers';
import type { Project } from '@shared/contract/projects';
import { Card, CardTitle } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { Label, Textarea } from '../../../components/ui/input';
import { api } from '../../../lib/api';
import { isHandledByClient } from '../../../lib/api-client';
import { failureReason } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useIsOnline } from '../../../lib/online';
import { refreshProject } from '../../../lib/refresh-project';
import { toast } from '../../../lib/toast';

export default function ClientAnswersCard({ project }: { project: Project }) {
  const open = project.issues.filter((issue) => !issue.resolvedAt).length;
  return (
    <Card aria-labelledby="client-answers-title" data-testid="client-answers">
      <CardTitle id="client-answers-title">{t('answers.title')}</CardTitle>
      {open > 0 && <p className="mt-1 text-sm font-medium text-amber-900">{t('answers.openCount', { count: open })}</p>}
      {project.approval && <ApprovalLine approval={project.approval} />}
      {project.issues.length > 0 && (
        <ul className="mt-4 flex flex-col gap-5">
          {project.issues.map((issue) => (
            <IssueItem key={issue.id} issue={issue} project={project} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ApprovalLine({ approval }: { approval: Approval }) {
  return (
    <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-950" data-testid="client-approval">
      <p className="flex items-start gap-2 font-medium">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        {t('answers.approvedBy', { name: approval.name, date: formatDateTime(approval.approvedAt) })}
      </p>
      {approval.rating !== null && <p className="mt-1 text-sm">{t('answers.rating', { rating: approval.rating })}</p>}
      {approval.comment && <p className="mt-1 text-sm whitespace-pre-line">“{approval.comment}”</p>}
      {approval.superseded && <p className="mt-2 text-sm font-medium text-amber-900">{t('answers.superseded')}</p>}
    </div>
  );
}

function IssueItem({ issue, project }: { issue: ClientIssue; project: Project }) {
  const index = project.photoPairs.findIndex((pair) => pair.id === issue.pairId);
  const after = index >= 0 ? project.photoPairs[index]!.afterPhoto : undefined;
  const left = Math.round(issue.x * 100);
  const top = Math.round(issue.y * 100);
  return (
    <li className="flex flex-col gap-3 sm:flex-row" data-testid="client-issue">
      {after && (
        <figure className="relative w-full shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:w-48">
          <img
            // The stored photo, not the list thumbnail: it fills a phone's width without blur.
            src={after.imageUrl}
            loading="lazy"
            width={after.width}
            height={after.height}
            alt={t('answers.pinnedPhoto', { number: index + 1, left, top })}
            className="block h-auto w-full"
          />
          <MapPin
            className="absolute size-7 -translate-x-1/2 -translate-y-full fill-red-600 text-white drop-shadow"
            style={{ left: `${left}%`, top: `${top}%` }}
            aria-hidden="true"
            data-testid="issue-pin"
          />
        </figure>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-600">
          {index >= 0 ? t('answers.onPair', { number: index + 1 }) : t('answers.pairGone')} · {formatDateTime(issue.createdAt)}
        </p>
        <p className="mt-1 whitespace-pre-line text-slate-900">{issue.note}</p>
        {issue.photoUrl && (
          <a href={issue.photoUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
            {t('answers.clientPhoto')}
          </a>
        )}
        {issue.resolvedAt ? (
          <p className="mt-2 text-sm font-medium text-emerald-800" data-testid="issue-resolved">
            {t('answers.resolved', { date: formatDateTime(issue.resolvedAt) })}
            {issue.resolutionNote ? `: ${issue.resolutionNote}` : ''}
          </p>
        ) : (
          <ResolveForm issue={issue} projectId={project.id} />
        )}
      </div>
    </li>
  );
}

function ResolveForm({ issue, projectId }: { issue: ClientIssue; projectId: number }) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const online = useIsOnline();
  const resolve = useMutation({
    mutationFn: () => api.resolveIssue({ params: { id: issue.id }, body: note.trim() ? { note: note.trim() } : {} }),
    onSuccess: async () => {
      toast({ title: t('answers.resolvedToast') });
      await refreshProject(projectId);
    },
    onError: (error) => {
      if (!isHandledByClient(error)) toast({ title: t('answers.resolveFailed'), description: failureReason(error), variant: 'destructive' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-2 flex flex-col gap-2">
      <Label htmlFor={noteId}>{t('answers.resolutionNote')}</Label>
      <Textarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} rows={2} />
      <Button type="submit" variant="secondary" className="self-start" disabled={!online || resolve.isPending}>
        {resolve.isPending ? t('answers.resolving') : t('answers.resolve')}
      </Button>
    </form>
  );
}
