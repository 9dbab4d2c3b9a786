// spec §2: the list shows clientName or 'Untitled Report', description or 'No description'.
import { t } from './i18n/i18n';
import { formatDate } from './format';
export function projectTitle(project: { clientName: string }): string {
  return project.clientName.trim() || t('project.untitled');
}

export function projectDescription(project: { description: string }): string {
  return project.description.trim() || t('project.noDescription');
}

export function formatCreatedDate(iso: string): string {
  return formatDate(iso, 'medium');
}
