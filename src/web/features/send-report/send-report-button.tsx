// "Send" on the open report: a sheet that emails the report to the client from the business (the
// server's mailer), or hands the newest live client link to Text message (sms:), WhatsApp (wa.me)
// or the clipboard without a server call. Under the button, what became of the last email:
// "Sent to jane@… 10:02 · Opened 10:07 on a phone".
import { t } from '../../lib/i18n/i18n';
import { useId, useState, type FormEvent } from 'react';
import { Copy, Mail, MessageCircle, MessageSquare, Send } from 'lucide-react';
import type { Project } from '@shared/contract/projects';
import { SEND_MESSAGE_MAX_LENGTH } from '@shared/contract/client-answers';
import { Button } from '../../components/ui/button';
import { buttonClassName } from '../../components/ui/button-class';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label, Textarea } from '../../components/ui/input';
import { describeError, isHandledByClient } from '../../lib/api-client';
import { formatTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useIsOnline } from '../../lib/online';
import { useActivity, useLinks, useSendReport } from './api/send-report-api';
import { sentStatusOf, shortEmail, smsHref, whatsAppHref } from './sent-status';

export function SendReportButton({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const online = useIsOnline();
  const hasPairs = project.photoPairs.length > 0;
  return (
    <div className="flex flex-col gap-1">
      <Button onClick={() => setOpen(true)} className="shrink-0" disabled={!online || !hasPairs} title={hasPairs ? undefined : t('send.needsPair')}>
        <Send className="size-4" aria-hidden="true" /> {t('send.button')}
      </Button>
      <SentLine projectId={project.id} />
      <Dialog open={open} onOpenChange={setOpen} title={t('send.title')} description={t('send.description')}>
        <SendSheet project={project} isOpen={open} onSent={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

function SentLine({ projectId }: { projectId: number }) {
  const activity = useActivity(projectId);
  const status = activity.data ? sentStatusOf(activity.data) : null;
  if (!status) return null;
  const sent = t('send.sentTo', { to: shortEmail(status.to), time: formatTime(status.sentAt) });
  const opened = status.openedAt
    ? t(status.device === 'phone' ? 'send.openedPhone' : 'send.openedComputer', { time: formatTime(status.openedAt) })
    : t('send.notOpened');
  return (
    <p className="text-xs text-slate-600" data-testid="sent-status">
      {sent} · {opened}
    </p>
  );
}

function SendSheet({ project, isOpen, onSent }: { project: Project; isOpen: boolean; onSent: () => void }) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendReport(project.id);
  const links = useLinks(project.id, isOpen);
  const ids = { to: useId(), message: useId(), error: useId() };
  const [now] = useState(() => Date.now());
  const live = links.data?.find((link) => !link.revokedAt && new Date(link.expiresAt).getTime() > now);
  const errorText = send.isError && !isHandledByClient(send.error) ? describeError(send.error, t('common.tryAgain')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { to: to.trim(), ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: t('send.sent'), description: t('send.sentText', { to: to.trim() }) });
          onSent();
        },
      },
    );
  };

  const copy = async () => {
    if (!live) return;
    try {
      await navigator.clipboard.writeText(live.url);
      toast({ title: t('share.copied'), description: t('share.copiedText') });
    } catch {
      toast({ title: t('send.copyFailed'), description: live.url, variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <div>
          <Label htmlFor={ids.to}>{t('send.to')}</Label>
          <Input
            id={ids.to}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={errorText ? ids.error : undefined}
          />
        </div>
        <div>
          <Label htmlFor={ids.message}>{t('send.message')}</Label>
          <Textarea id={ids.message} maxLength={SEND_MESSAGE_MAX_LENGTH} value={message} onChange={(event) => setMessage(event.target.value)} rows={3} />
        </div>
        {errorText && (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {errorText}
          </p>
        )}
        <Button type="submit" disabled={send.isPending || to.trim() === ''}>
          <Mail className="size-4" aria-hidden="true" /> {send.isPending ? t('send.sending') : t('send.email')}
        </Button>
      </form>
      <section aria-labelledby="send-other-heading" className="flex flex-col gap-2">
        <h3 id="send-other-heading" className="text-sm font-semibold text-slate-900">
          {t('send.otherWays')}
        </h3>
        {live ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <a className={buttonClassName({ variant: 'secondary' })} href={smsHref(live.url)}>
              <MessageSquare className="size-4" aria-hidden="true" /> {t('send.sms')}
            </a>
            <a className={buttonClassName({ variant: 'secondary' })} href={whatsAppHref(live.url)} target="_blank" rel="noopener noreferrer">
              <MessageCircle className="size-4" aria-hidden="true" /> {t('send.whatsApp')}
            </a>
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden="true" /> {t('send.copy')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{links.isPending ? t('share.loading') : t('send.noLiveLink')}</p>
        )}
      </section>
    </div>
  );
}
