// The reports list's entry for a report the app holds in full (a new one, or one kept offline).
// Its own small module: the first screen's code imports it without the outbox.
import type { Project, ProjectSummary } from '@shared/contract/projects';

export const projectSummaryOf = (project: Project): ProjectSummary => ({
  id: project.id,
  clientName: project.clientName,
  clientId: project.clientId,
  description: project.description,
  createdAt: project.createdAt,
  photoCount: project.photoCount,
  pairCount: project.pairCount,
  templateId: project.templateId,
  status: project.status,
  finishedAt: project.finishedAt,
  openIssueCount: project.openIssueCount,
  approvedAt: project.approvedAt,
  createdBy: project.createdBy,
  assigneeId: project.assigneeId,
  assignee: project.assignee,
});
