// Placeholder until issue 5: when hasAccess is false, explains that the trial has ended and
// offers 'Upgrade to Pro' (-> /subscribe) instead of letting paid actions fail.
export function AccessBanner() {
  return null;
}
