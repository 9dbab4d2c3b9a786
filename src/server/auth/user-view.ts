import type { User } from '../../shared/contract/auth.js';
import { toLocale } from '../../shared/preferences.js';
import type { SignedInUser } from '../lib/add-route.js';

/** The member as the API shows it, with their business's name, logo and trial: never the password hash or internal keys. */
export function toUserResponse(row: SignedInUser): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    businessId: row.businessId,
    businessName: row.businessName,
    // The key changes with every upload, so the URL doubles as a cache buster.
    businessLogoUrl: row.businessLogoKey ? `/api/user/logo?v=${encodeURIComponent(row.businessLogoKey.split('/').pop() ?? '')}` : null,
    createdAt: row.createdAt.toISOString(),
    trialEndsAt: row.trialEndsAt.toISOString(),
    stripeSubscriptionId: row.stripeSubscriptionId,
    locale: toLocale(row.locale),
    timeZone: row.timeZone,
  };
}
