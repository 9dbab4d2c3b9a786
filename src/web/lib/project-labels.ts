// spec §2: the list shows clientName or 'Untitled Report', description or 'No description'.
export function projectTitle(project: { clientName: string }): string {
  return project.clientName.trim() || 'Untitled Report';
}

export function projectDescription(project: { description: string }): string {
  return project.description.trim() || 'No description';
}

export function formatCreatedDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
