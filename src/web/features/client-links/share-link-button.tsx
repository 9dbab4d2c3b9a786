// "Share link" on the open report: the share panel makes a client link (choosing how
// long it lives), then offers the phone's share sheet or copies it, and lists the report's links
// with when each ends, when it was last opened, and Revoke.
import { t } from '../../lib/i18n/i18n';
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
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        className="shrink-0"
        disabled={!online}
        aria-describedby={online ? undefined : 'report-offline-note'}
        title={online ? undefined : t('share.needsConnection')}
      >
        <Link2 className="size-4" aria-hidden="true" /> {t('share.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('share.title')} description={t('share.description')}>
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
  const shareTitle = t('share.documentTitle', { title: projectTitle(project) });
  const now = new Date();

  const failed = (title: string) => (error: unknown) => {
    if (!isHandledByClient(error)) toast({ title, description: describeError(error, t('common.tryAgain')), variant: 'destructive' });
  };

  const send = async (link: ShareLink) => {
    const outcome = await sendLink(link.url, shareTitle);
    // The share sheet wants a fresh tap once the server has answered: one more tap on the toast.
    if (outcome === 'needs-tap')
      toast({
        title: t('share.ready'),
        description: t('share.tapShare'),
        action: { label: t('share.share'), onClick: () => void shareLink(link.url, shareTitle) },
      });
    if (outcome === 'failed') toast({ title: t('share.created'), description: t('share.copyFromList') });
  };

  const createLink = () => create.mutate(days, { onSuccess: (link) => void send(link), onError: failed(t('share.createFailed')) });
  const revokeLink = (link: ShareLink) =>
    revoke.mutateAsync(link.id).then(() => void toast({ title: t('share.revoked'), description: t('share.revokedText') }), failed(t('share.revokeFailed')));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:w-40">
          {t('share.worksFor')}
          <select
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t('share.days', { count: choice })}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={createLink} disabled={!hasPairs || create.isPending} className="sm:flex-1">
          <Link2 className="size-4" aria-hidden="true" />
          {create.isPending ? t('share.creating') : t('share.create')}
        </Button>
      </div>
      {!hasPairs && <p className="text-sm text-slate-600">{t('share.needsPair')}</p>}

      <section aria-labelledby="client-links-heading">
        <h3 id="client-links-heading" className="text-sm font-semibold text-slate-900">
          {t('share.linksHeading')}
        </h3>
        {links.isPending ? (
          <div className="py-4">
            <Spinner label={t('share.loading')} />
          </div>
        ) : links.isError ? (
          <p className="mt-2 text-sm text-slate-600">{t('share.loadFailed')}</p>
        ) : links.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('share.none')}</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {links.data.map((link) => (
              <ClientLinkItem
                key={link.id}
                link={link}
                now={now}
                onSend={(item) => void send(item)}
                onRevoke={revokeLink}
                isRevoking={revoke.isPending && revoke.variables === link.id}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
