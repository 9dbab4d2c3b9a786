// What GET /api/projects/{id} and GET /api/shared/{token} add: the approval (superseded when the
// report changed since), the issues, and on a link the end of the re-clean window. An issue's
// photo is shown to the owner, and on a link only to the link it was sent through.
import type { Approval, ClientIssue } from '../../shared/contract/client-answers.js';
import type { Database } from '../db/client.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import { findLatestApproval, listIssues, reCleanWindowEnd, toApproval, toClientIssue } from './client-answers.service.js';
import { currentReportVersion } from './report-version.js';

export type AnswersViewer = { kind: 'owner' } | { kind: 'link'; linkId: number; token: string };

export interface ClientAnswersView {
  approval: Approval | null;
  issues: ClientIssue[];
}

export async function loadClientAnswers(
  deps: { db: Database; photoStore: PhotoStore },
  project: ProjectRow,
  viewer: AnswersViewer,
): Promise<ClientAnswersView> {
  const [latest, issues] = await Promise.all([findLatestApproval(deps.db, project.id), listIssues(deps.db, project.id)]);
  const approval = latest ? toApproval(latest, await currentReportVersion(deps, project)) : null;
  return {
    approval,
    issues: issues.map((issue) =>
      toClientIssue(
        issue,
        viewer.kind === 'owner'
          ? `/api/issues/${issue.id}/photo`
          : issue.shareLinkId === viewer.linkId
            ? `/api/shared/${viewer.token}/issues/${issue.id}/photo`
            : null,
      ),
    ),
  };
}

export async function loadWindowEnd(db: Database, owner: UserRow, project: ProjectRow): Promise<string | null> {
  return (await reCleanWindowEnd(db, owner, project.id))?.toISOString() ?? null;
}
