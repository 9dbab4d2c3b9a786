// Placeholder until issue 4: upload, preview and remove the business logo shown on PDF reports.
export function BusinessLogoField() {
  return null;
}
