// Deleting an account (the owner's business, with every member): the subscription stops renewing, then every
// row goes in one transaction, then the stored files.
//
// Why in this order. A crash at any point loses nothing the user still needs and leaves no row
// behind: the provider is told first, so an account is never gone while its card is still charged
// (a cancel at the period's end, taken back by Resume while the account exists, is harmless if the
// rest fails). The rows then go together or not at all: the user row's foreign keys cascade to
// sessions, reset tokens, reports, photos, pairs, links, idempotency keys and subscriptions, and
// the photo keys and logo key come back from the same statements that delete them. The files go
// only after the commit: a crash before it leaves every file its rows point at; a crash after it
// leaves files no row points at, which the orphan sweep (photos/orphan-sweeper.ts) removes.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { businesses, clientIssues, photos, projectApprovals, projects, users } from '../db/schema.js';
import type { PhotoStore } from '../storage/photo-store.js';
import type { BillingProvider } from '../billing/billing-provider.js';
import { findSubscription } from '../billing/access.js';
import { serviceUnavailable } from '../lib/http-errors.js';
import { deletePhotoFiles } from '../photos/photos.service.js';
import { withdrawLinksOfBusiness } from '../share-links/share-links.service.js';

/** Stripe's statuses under which the provider would charge the card again. */
const RENEWING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);
/** Ended for good: nothing will be charged. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * Makes sure the user's subscription will not renew: re-read from the provider (the mirror may be
 * behind a missed event) and cancelled at the end of the period already paid for. A subscription
 * with a provider this server no longer has cannot be stopped from here: refused (503
 * payment_system_gone) rather than leaving a card charged for an account that is gone.
 */
export async function stopRenewal(db: Database, billing: BillingProvider, userId: number): Promise<void> {
  const current = await findSubscription(db, userId);
  if (!current || ENDED_STATUSES.has(current.status)) return;
  if (current.provider !== billing.mode) {
    // The sandbox charges no real card; a Stripe subscription without Stripe keys would go on charging.
    if (current.provider === 'stripe') throw serviceUnavailable('payment_system_gone');
    return;
  }
  const fresh = await billing.retrieveSubscription(current.providerSubscriptionId);
  if (!fresh || !RENEWING_STATUSES.has(fresh.status) || fresh.cancelAtPeriodEnd) return;
  await billing.cancelAtPeriodEnd(fresh.id);
}

export interface RemovedFiles {
  photos: { storageKey: string; thumbnailKey: string }[];
  logoKey: string | null;
  /** What clients sent with their answers: signatures and issue photos. */
  answerKeys: string[];
}

/**
 * Deletes every row of the business in one transaction; returns the stored files its rows pointed at.
 * Its account row goes last: the business, its members and everything they made cascade from it.
 */
export async function deleteAccountRows(db: Database, business: { businessId: number; accountId: number }, now: Date): Promise<RemovedFiles> {
  const { businessId, accountId: userId } = business;
  return db.transaction(async (tx) => {
    // Row locks first: a report, photo or logo being added now waits, then finds no business (its
    // insert fails on the foreign key and removes its own file), so none is left out of the lists below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
    const ownProjects = tx.select({ id: projects.id }).from(projects).where(eq(projects.businessId, businessId));
    await ownProjects.for('update');
    await withdrawLinksOfBusiness(tx, businessId, now);
    const ownProjectIds = tx.select({ id: projects.id }).from(projects).where(eq(projects.businessId, businessId));
    const removedIssues = await tx.delete(clientIssues).where(inArray(clientIssues.projectId, ownProjectIds)).returning({ key: clientIssues.photoKey });
    const removedApprovals = await tx
      .delete(projectApprovals)
      .where(inArray(projectApprovals.projectId, ownProjectIds))
      .returning({ key: projectApprovals.signatureKey });
    const removedPhotos = await tx
      .delete(photos)
      .where(inArray(photos.projectId, ownProjectIds))
      .returning({ storageKey: photos.storageKey, thumbnailKey: photos.thumbnailKey });
    // The rest cascades from the user row (db/schema.ts): every table that names a user or a report does so.
    const [removedUser] = await tx.delete(users).where(eq(users.id, userId)).returning({ logoKey: users.businessLogoKey });
    const answerKeys = [...removedIssues, ...removedApprovals].map((row) => row.key).filter((key): key is string => key !== null);
    return { photos: removedPhotos, logoKey: removedUser?.logoKey ?? null, answerKeys };
  });
}

/** After the commit: the files go; one that cannot be deleted now is left to the orphan sweep. */
export async function deleteAccountFiles(store: PhotoStore, files: RemovedFiles): Promise<void> {
  await deletePhotoFiles(store, files.photos);
  if (files.logoKey) await store.delete(files.logoKey).catch(() => undefined);
  for (const key of files.answerKeys) await store.delete(key).catch(() => undefined);
}
