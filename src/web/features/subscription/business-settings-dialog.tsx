// Placeholder until issue 5.
export function BusinessSettingsDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
