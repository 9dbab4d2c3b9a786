// "Share link" on the open report (issue 14): the share panel makes a client link (choosing how
// long it lives), then offers the phone's share sheet or copies it, and lists the report's links
// with when each ends, when it was last opened, and Revoke.
import { useState } from 'react';
import { Link2 } from 'lucide-react';
import type { Project } from '@shared/contract/projects';
import { SHARE_LINK_DEFAULT_DAYS, type ShareLink } from '@shared/contract/share-links';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { describeError, isHandledByClient } from '../../lib/api-client';
import { projectTitle } from '../../lib/project-labels';
import { toast } from '../../lib/toast';
import { useIsOnline } from '../../lib/online';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from './api/share-links-api';
import { ClientLinkItem } from './client-link-item';
import { sendLink, shareLink } from './send-link';

const EXPIRY_CHOICES = [1, 7, 30, 90] as const;

export function ShareLinkButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const online = useIsOnline();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="shrink-0" disabled={!online} aria-describedby={online ? undefined : 'report-offline-note'} title={online ? undefined : 'Share link needs a connection'}>
        <Link2 className="size-4" aria-hidden="true" /> Share link
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Share with your client" description="A web page with the before and after photos and the PDF. Your client needs no account.">
        <SharePanel project={project} isOpen={open} />
      </Dialog>
    </>
  );
}

function SharePanel({ project, isOpen }: { project: Project; isOpen: boolean }) {
  const [days, setDays] = useState<number>(SHARE_LINK_DEFAULT_DAYS);
  const links = useShareLinks(project.id, isOpen);
  const create = useCreateShareLink(project.id);
  const revoke = useRevokeShareLink(project.id);
  const hasPairs = project.photoPairs.length > 0;
  const shareTitle = `${projectTitle(project)} - Before & After`;
  const now = new Date();

  const failed = (title: string) => (error: unknown) => {
    if (!isHandledByClient(error)) toast({ title, description: describeError(error, 'Please try again.'), variant: 'destructive' });
  };

  const send = async (link: ShareLink) => {
    const outcome = await sendLink(link.url, shareTitle);
    // The share sheet wants a fresh tap once the server has answered: one more tap on the toast.
    if (outcome === 'needs-tap') toast({ title: 'Link ready', description: 'Tap Share to send it.', action: { label: 'Share', onClick: () => void shareLink(link.url, shareTitle) } });
    if (outcome === 'failed') toast({ title: 'Link created', description: 'Copy it from the list below.' });
  };

  const createLink = () => create.mutate(days, { onSuccess: (link) => void send(link), onError: failed('Could not create the link') });
  const revokeLink = (link: ShareLink) =>
    revoke.mutateAsync(link.id).then(
      () => void toast({ title: 'Link revoked', description: 'It no longer opens the report.' }),
      failed('Could not revoke the link'),
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:w-40">
          Link works for
          <select
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === 1 ? '1 day' : `${choice} days`}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={createLink} disabled={!hasPairs || create.isPending} className="sm:flex-1">
          <Link2 className="size-4" aria-hidden="true" />
          {create.isPending ? 'Creating link...' : 'Create link'}
        </Button>
      </div>
      {!hasPairs && <p className="text-sm text-slate-600">Pair a before and an after photo first: the link shows the pairs.</p>}

      <section aria-labelledby="client-links-heading">
        <h3 id="client-links-heading" className="text-sm font-semibold text-slate-900">
          Links to this report
        </h3>
        {links.isPending ? (
          <div className="py-4">
            <Spinner label="Loading links" />
          </div>
        ) : links.isError ? (
          <p className="mt-2 text-sm text-slate-600">The links could not be loaded.</p>
        ) : links.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No links yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {links.data.map((link) => (
              <ClientLinkItem key={link.id} link={link} now={now} onSend={(item) => void send(item)} onRevoke={revokeLink} isRevoking={revoke.isPending && revoke.variables === link.id} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
