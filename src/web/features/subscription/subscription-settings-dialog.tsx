// Placeholder until issue 5.
export function SubscriptionSettingsDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
